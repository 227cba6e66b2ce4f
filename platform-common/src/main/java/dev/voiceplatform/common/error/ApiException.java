package dev.voiceplatform.common.error;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The one exception type of the platform: becomes the error envelope of part 7. */
public final class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final int status;
    private final String hint;
    private final List<FieldError> fields;
    private final Map<String, Object> details;
    /** Response headers the answer carries beside the envelope (a 429's Retry-After); never null. */
    private final Map<String, String> headers;

    private ApiException(ErrorCode code, int status, String message, String hint, List<FieldError> fields,
            Map<String, Object> details, Map<String, String> headers) {
        super(message, null, false, false);
        this.code = code;
        this.status = status;
        this.hint = hint;
        this.fields = fields;
        this.details = details;
        this.headers = headers;
    }

    public static ApiException of(ErrorCode code, String message) {
        return new ApiException(code, code.status(), message, code.defaultHint(), null, null, Map.of());
    }

    public static ApiException notFound(String what) {
        return of(ErrorCode.NOT_FOUND, what + " not found");
    }

    public static ApiException validation(List<FieldError> fields) {
        String message = fields.size() == 1
                ? fields.get(0).field() + ": " + fields.get(0).reason()
                : "Validation failed for " + fields.size() + " fields";
        return new ApiException(ErrorCode.VALIDATION_ERROR, 400, message, ErrorCode.VALIDATION_ERROR.defaultHint(),
                List.copyOf(fields), null, Map.of());
    }

    public static ApiException validation(String field, String reason) {
        return validation(List.of(new FieldError(field, reason)));
    }

    /** Same code, another of its documented statuses (INVALID_REQUEST 422, VERSION_CONFLICT 409). */
    public ApiException withStatus(int newStatus) {
        return new ApiException(code, newStatus, getMessage(), hint, fields, details, headers);
    }

    public ApiException withHint(String newHint) {
        return new ApiException(code, status, getMessage(), newHint, fields, details, headers);
    }

    public ApiException withDetail(String key, Object value) {
        Map<String, Object> merged = details == null ? new LinkedHashMap<>() : new LinkedHashMap<>(details);
        merged.put(key, value);
        // In the order they were added, as the envelope shows them.
        return new ApiException(code, status, getMessage(), hint, fields, Collections.unmodifiableMap(merged),
                headers);
    }

    /** A response header the answer carries beside the envelope. */
    public ApiException withHeader(String name, String value) {
        Map<String, String> merged = new LinkedHashMap<>(headers);
        merged.put(name, value);
        return new ApiException(code, status, getMessage(), hint, fields, details,
                Collections.unmodifiableMap(merged));
    }

    public ErrorCode code() {
        return code;
    }

    public int status() {
        return status;
    }

    public String hint() {
        return hint;
    }

    public List<FieldError> fields() {
        return fields;
    }

    public Map<String, Object> details() {
        return details;
    }

    public Map<String, String> headers() {
        return headers;
    }

    public ErrorEnvelope toEnvelope() {
        return new ErrorEnvelope(new ErrorEnvelope.Body(code.name(), getMessage(), hint, fields, details));
    }
}
