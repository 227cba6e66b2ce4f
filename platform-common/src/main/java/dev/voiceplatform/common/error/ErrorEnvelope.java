package dev.voiceplatform.common.error;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/** {@code {error:{code,message,hint,fields?,details?}}}. */
public record ErrorEnvelope(Body error) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Body(String code, String message, String hint, List<FieldError> fields,
            Map<String, Object> details) {
    }
}
