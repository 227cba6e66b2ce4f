package dev.voiceplatform.gateway.admin;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.voiceplatform.gateway.keys.ApiKey;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A key in a list: never the key, never its hash. revoked_at is null while the key is not revoked. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record KeyView(UUID id, String keyPrefix, String name, List<String> scopes, String kind, String origin,
        UUID organizationId, Instant createdAt, Instant expiresAt, Instant revokedAt) {

    static KeyView of(ApiKey key) {
        return new KeyView(key.id(), key.keyPrefix(), key.name(), key.scopes(), key.kind().wireName(),
                key.origin().wireName(), key.organizationId(), key.createdAt(), key.expiresAt(), key.revokedAt());
    }
}
