package dev.voiceplatform.gateway.keys;

import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.tenancy.KeyKind;
import io.vertx.mutiny.sqlclient.Row;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A stored key: everything but the key itself, which is never kept. */
public record ApiKey(UUID id, UUID organizationId, String name, String keyPrefix, List<String> scopes, KeyKind kind,
        Instant createdAt, Instant expiresAt, Instant revokedAt) {

    static final String COLUMNS = "id, org_id, name, key_prefix, scopes, kind, created_at, expires_at, revoked_at";

    /** Told by the key's prefix, which the display prefix always holds whole. */
    public KeyOrigin origin() {
        return KeyOrigin.of(keyPrefix);
    }

    static ApiKey from(Row row) {
        return new ApiKey(row.getUUID("id"), row.getUUID("org_id"), row.getString("name"), row.getString("key_prefix"),
                List.of(row.getArrayOfStrings("scopes")), KeyKind.fromWire(row.getString("kind")),
                DbTime.fromDb(row.getOffsetDateTime("created_at")), DbTime.fromDb(row.getOffsetDateTime("expires_at")),
                DbTime.fromDb(row.getOffsetDateTime("revoked_at")));
    }
}
