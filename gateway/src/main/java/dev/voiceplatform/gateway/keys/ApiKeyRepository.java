package dev.voiceplatform.gateway.keys;

import dev.voiceplatform.common.api.PageRequest;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.db.Rows;
import dev.voiceplatform.gateway.organizations.AccountStatus;
import dev.voiceplatform.gateway.organizations.Plan;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** API keys in the gateway's database, always reached through their organization or their hash. */
@ApplicationScoped
public class ApiKeyRepository {

    private static final String COLUMNS = ApiKey.COLUMNS;

    private final Pool pool;
    private final CredentialCache credentials;

    public ApiKeyRepository(Pool pool, CredentialCache credentials) {
        this.pool = pool;
        this.credentials = credentials;
    }

    /** One page of an organization's keys, newest first, and the organization's total. */
    public record Page(List<ApiKey> items, long total) {
    }

    /** What to store for a new key; the key itself is not among it. */
    public record NewKey(UUID id, UUID organizationId, String name, String keyHash, String keyPrefix,
            List<String> scopes, Instant createdAt, Instant expiresAt) {
    }

    /** What became of a new key. */
    public sealed interface Insertion {

        /** Stored with its organization's kind. */
        record Stored(ApiKey key) implements Insertion {
        }

        /** No such organization. */
        record NoOrganization() implements Insertion {
        }

        /** The organization already holds {@code active} keys that are neither revoked nor expired. */
        record LimitReached(long active) implements Insertion {
        }
    }

    /**
     * Stores the key unless its organization already holds {@code maxActive} active keys. The organization's row is
     * locked for the transaction, so two keys made at once for one organization are counted one after the other.
     */
    public Uni<Insertion> insert(NewKey key, int maxActive) {
        return pool.withTransaction(tx -> tx.preparedQuery("SELECT kind FROM organizations WHERE id = $1"
                        + " FOR NO KEY UPDATE")
                .execute(Tuple.of(key.organizationId()))
                .chain(organization -> organization.size() == 0
                        ? Uni.createFrom().<Insertion>item(new Insertion.NoOrganization())
                        : activeKeys(tx, key.organizationId(), key.createdAt()).chain(active -> active >= maxActive
                                ? Uni.createFrom().<Insertion>item(new Insertion.LimitReached(active))
                                : store(tx, key, organization.iterator().next().getString("kind")))));
    }

    private static Uni<Insertion> store(SqlClient client, NewKey key, String kind) {
        Tuple values = Tuple.tuple()
                .addUUID(key.id())
                .addUUID(key.organizationId())
                .addString(key.name())
                .addString(key.keyHash())
                .addString(key.keyPrefix())
                .addArrayOfString(key.scopes().toArray(String[]::new))
                .addString(kind)
                .addOffsetDateTime(DbTime.toDb(key.createdAt()))
                .addOffsetDateTime(DbTime.toDb(key.expiresAt()));
        return client.preparedQuery("INSERT INTO api_keys (id, org_id, name, key_hash, key_prefix, scopes, kind,"
                        + " created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING " + COLUMNS)
                .execute(values)
                .map(rows -> new Insertion.Stored(ApiKey.from(rows.iterator().next())));
    }

    private static Uni<Long> activeKeys(SqlClient client, UUID organizationId, Instant now) {
        return client.preparedQuery("SELECT count(*) FROM api_keys WHERE org_id = $1 AND revoked_at IS NULL"
                        + " AND expires_at > $2")
                .execute(Tuple.of(organizationId, DbTime.toDb(now)))
                .map(rows -> rows.iterator().next().getLong(0));
    }

    /** Empty when the organization does not exist. */
    public Uni<Optional<Page>> listForOrganization(UUID organizationId, PageRequest page) {
        Uni<RowSet<Row>> total = pool.preparedQuery(
                "SELECT (SELECT count(*) FROM api_keys WHERE org_id = $1) FROM organizations WHERE id = $1")
                .execute(Tuple.of(organizationId));
        Uni<RowSet<Row>> rows = pool.preparedQuery("SELECT " + COLUMNS + " FROM api_keys WHERE org_id = $1"
                + " ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3")
                .execute(Tuple.of(organizationId, page.limit(), page.offset()));
        return Uni.combine().all().unis(total, rows).with((count, result) -> {
            if (count.size() == 0) {
                return Optional.<Page>empty();
            }
            List<ApiKey> items = new ArrayList<>(result.size());
            for (Row row : result) {
                items.add(ApiKey.from(row));
            }
            return Optional.of(new Page(items, count.iterator().next().getLong(0)));
        });
    }

    /** Marks the key revoked unless it already is; the revocation time either way, empty for an unknown key. */
    public Uni<Optional<Instant>> revoke(UUID id, Instant now) {
        return pool.preparedQuery("UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1"
                + " RETURNING revoked_at")
                .execute(Tuple.of(id, DbTime.toDb(now)))
                // The database tells every replica; this one forgets at once, so its next request sees the change.
                .invoke(credentials::forgetAll)
                .map(rows -> Rows.first(rows, row -> DbTime.fromDb(row.getOffsetDateTime("revoked_at"))));
    }

    /** The key with this hash and its organization's plan facts, in one query. */
    public Uni<Optional<KeyCredential>> findByHash(String keyHash) {
        return pool.preparedQuery("SELECT k.id, k.org_id, k.name, k.key_prefix, k.scopes, k.kind, k.created_at,"
                + " k.expires_at, k.revoked_at, o.plan, o.status, o.max_agents, o.entitlements"
                + " FROM api_keys k JOIN organizations o ON o.id = k.org_id WHERE k.key_hash = $1")
                .execute(Tuple.of(keyHash))
                .map(rows -> Rows.first(rows, row -> new KeyCredential(ApiKey.from(row),
                        Plan.fromWire(row.getString("plan")), AccountStatus.fromWire(row.getString("status")),
                        row.getInteger("max_agents"), List.of(row.getArrayOfStrings("entitlements")))));
    }
}
