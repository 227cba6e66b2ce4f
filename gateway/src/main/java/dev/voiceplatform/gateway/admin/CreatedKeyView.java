package dev.voiceplatform.gateway.admin;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.voiceplatform.gateway.keys.ApiKey;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The answer to creating a key: the only response that ever carries the key itself. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CreatedKeyView(UUID id, String key, String keyPrefix, String name, List<String> scopes, String kind,
        String origin, UUID organizationId, Instant createdAt, Instant expiresAt) {

    static CreatedKeyView of(ApiKey stored, String key) {
        return new CreatedKeyView(stored.id(), key, stored.keyPrefix(), stored.name(), stored.scopes(),
                stored.kind().wireName(), stored.origin().wireName(), stored.organizationId(), stored.createdAt(),
                stored.expiresAt());
    }
}
