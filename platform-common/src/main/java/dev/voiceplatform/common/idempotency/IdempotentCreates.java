package dev.voiceplatform.common.idempotency;

import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

/**
 * Makes a create idempotent inside the service: the request's key is recorded with the id of the resource in the
 * create's own transaction, so the key exists exactly when the resource was committed. A retry of a create whose
 * answer was lost (the service died between commit and answer) finds the key and is answered the resource it made,
 * with the status the first answer had, instead of making a second one.
 *
 * <p>The gateway keeps the caller's Idempotency-Key and its replays (part 5, rule 11); what reaches the service is
 * not that key but {@link #HEADER}, a key the gateway derives from the API key, the caller's key and the request's
 * fingerprint. Three reasons: the gateway scopes a caller's key to the API key that sent it, while a service only
 * knows the organization, so two keys of one organization using the same Idempotency-Key must not meet here; a key
 * reused with another body after its 24-hour window is a new request and must not be answered an old resource; and
 * the service need not know fingerprints at all. Rows are scoped by the organization of the verified internal token,
 * so a key can never name another organization's resource.
 */
@ApplicationScoped
public class IdempotentCreates {

    /** The request header carrying the key the gateway derived; absent when the caller sent no Idempotency-Key. */
    public static final String HEADER = "Platform-Idempotency-Key";
    /**
     * How long a key is kept: longer than the gateway's 24 hours, counted there from the first claim of the key, with
     * an hour's margin for the clocks of two hosts. Past it the gateway no longer sends a retry of the same request.
     */
    public static final Duration RETENTION = Duration.ofHours(25);
    private static final int MAX_KEY_LENGTH = 255;

    private static final String RECORD = "INSERT INTO idempotent_creates (org_id, key, resource_type, resource_id,"
            + " created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (org_id, key) DO NOTHING";
    private static final String FIND = "SELECT resource_type, resource_id FROM idempotent_creates"
            + " WHERE org_id = $1 AND key = $2";

    private final Clock clock;

    public IdempotentCreates(Clock clock) {
        this.clock = clock;
    }

    /** What recording a key found: the create to run, or the resource an earlier create under the key made. */
    public record Claim(UUID resourceId, boolean isNew) {
    }

    /**
     * Records {@code key} for the resource {@code newId} of {@code resourceType} about to be created, on the create's
     * {@code transaction}; call it first in the transaction. Without a key the create simply runs. A key already there
     * names the resource to answer instead (the caller reads it and answers as the first create did); a key recorded
     * for another type of resource is a different request: 422 IDEMPOTENCY_KEY_REUSED. A create of the same key running
     * concurrently holds the key's row until it ends, so this waits for it and then finds its resource (or, if it
     * rolled back, records the key itself).
     */
    public Uni<Claim> claim(SqlClient transaction, UUID organizationId, String key, String resourceType, UUID newId) {
        if (key == null) {
            return Uni.createFrom().item(new Claim(newId, true));
        }
        if (key.isEmpty() || key.length() > MAX_KEY_LENGTH) {
            return Uni.createFrom().failure(ApiException.validation(HEADER, "must be 1 to " + MAX_KEY_LENGTH + " characters"));
        }
        Tuple values = Tuple.of(organizationId, key, resourceType, newId, DbTime.toDb(DbTime.now(clock)));
        // Two statements, not one with a CTE: after waiting for a concurrent insert of the same key, only a new
        // statement's snapshot sees the row that insert committed.
        return transaction.preparedQuery(RECORD).execute(values).chain(recorded -> {
            if (recorded.rowCount() == 1) {
                return Uni.createFrom().item(new Claim(newId, true));
            }
            return transaction.preparedQuery(FIND).execute(Tuple.of(organizationId, key))
                    .chain(found -> found.size() == 0
                            // Purged between the two statements: the key is free again.
                            ? claim(transaction, organizationId, key, resourceType, newId)
                            : Uni.createFrom().item(earlier(found.iterator().next(), resourceType)));
        });
    }

    private static Claim earlier(Row row, String resourceType) {
        if (!resourceType.equals(row.getString("resource_type"))) {
            throw ApiException.of(ErrorCode.IDEMPOTENCY_KEY_REUSED,
                    "This Idempotency-Key was used to create another kind of resource");
        }
        return new Claim(row.getUUID("resource_id"), false);
    }

    /** Deletes keys past {@link #RETENTION}; returns how many. */
    public Uni<Integer> purgeExpired(SqlClient client) {
        return client.preparedQuery("DELETE FROM idempotent_creates WHERE created_at < $1")
                .execute(Tuple.of(DbTime.toDb(DbTime.now(clock).minus(RETENTION))))
                .map(deleted -> deleted.rowCount());
    }
}
