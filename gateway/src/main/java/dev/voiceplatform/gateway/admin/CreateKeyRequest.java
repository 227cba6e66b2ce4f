package dev.voiceplatform.gateway.admin;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.time.OffsetDateTime;
import java.util.List;

/** Body of {@code POST /admin/organizations/{id}/keys}; without expires_at the key lives one year. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CreateKeyRequest(
        @NotBlank @Size(max = 200) String name,
        @NotEmpty List<@NotNull String> scopes,
        OffsetDateTime expiresAt) {
}
