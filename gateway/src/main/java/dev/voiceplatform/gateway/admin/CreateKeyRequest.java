package dev.voiceplatform.gateway.admin;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.voiceplatform.gateway.keys.KeyOrigin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * Body of {@code POST /admin/organizations/{id}/keys}; without expires_at the key lives one year. An AI client's key
 * ({@code origin: ai_client}) is named after the application.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CreateKeyRequest(
        @NotBlank @Size(max = 200) String name,
        @NotEmpty List<@NotNull String> scopes,
        OffsetDateTime expiresAt,
        @Pattern(regexp = KeyOrigin.WIRE_PATTERN, message = AdminMessages.ORIGIN) String origin) {
}
