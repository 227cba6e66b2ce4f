package dev.voiceplatform.gateway.admin;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.UUID;

/** The answer to revoking a key; revoked_at is the first revocation's time, however often it is repeated. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RevokedKeyView(UUID id, boolean revoked, Instant revokedAt) {
}
