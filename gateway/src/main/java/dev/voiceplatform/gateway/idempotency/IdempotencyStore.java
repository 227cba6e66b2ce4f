package dev.voiceplatform.gateway.idempotency;

import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.replica.ReplicaIds;
import dev.voiceplatform.gateway.GatewayConfig;
import dev.voiceplatform.gateway.versions.ApiResponse;
import io.quarkus.reactive.datasource.ReactiveDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Claims and answers of Idempotency-Keys, in the {@code idempotency} datasource (by default the gateway's own
 * database, shared by every replica). A key is scoped to the API key that sent it.
 */
@ApplicationScoped
public class IdempotencyStore {

    /** Part 8: a 2xx answer is replayed for 24 hours. */
    public static final Duration WINDOW = Duration.ofHours(24);
    /** A claim can lose a race with a release and find nothing; it tries again this many times in all. */
    private static final int CLAIM_ATTEMPTS = 3;

    /**
     * Takes the key unless someone holds it: a new key and an answer past the window are taken by any request; a key
     * whose outcome is unknown (marked so, or a claim older than the in-flight timeout: its gateway died) only by the
     * same request, until the window ends, and it keeps the window of its first claim, so the service still holds
     * what it kept of the first try. Anything else is left as it is and nothing is returned.
     */
    private static final String CLAIM = "INSERT INTO idempotency_records AS r (api_key_id, idempotency_key, fingerprint,"
            + " claim_token, state, claimed_at, expires_at, replica_id)"
            + " VALUES ($1, $2, $3, $4, 'in_flight', $5, $6, $8)"
            + " ON CONFLICT (api_key_id, idempotency_key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint,"
            + " claim_token = EXCLUDED.claim_token, state = 'in_flight', claimed_at = EXCLUDED.claimed_at,"
            + " replica_id = EXCLUDED.replica_id,"
            + " expires_at = CASE WHEN r.state <> 'completed' AND r.expires_at > $5 THEN r.expires_at"
            + " ELSE EXCLUDED.expires_at END,"
            + " response_status = NULL, response_headers = NULL, response_body = NULL"
            + " WHERE r.expires_at <= $5"
            + " OR ((r.state = 'unknown' OR (r.state = 'in_flight' AND r.claimed_at <= $7))"
            + " AND r.fingerprint = EXCLUDED.fingerprint)"
            + " RETURNING claim_token";

    private static final String FIND = "SELECT fingerprint, state, response_status, response_headers, response_body"
            + " FROM idempotency_records WHERE api_key_id = $1 AND idempotency_key = $2";

    private final Pool pool;
    private final Clock clock;
    private final Duration inFlightTimeout;
    private final String replicaId;

    public IdempotencyStore(@ReactiveDataSource("idempotency") Pool pool, Clock clock, IdempotencyConfig config,
            GatewayConfig.Replica replica,
            @ConfigProperty(name = "quarkus.http.port", defaultValue = "8080") int httpPort) {
        this.pool = pool;
        this.clock = clock;
        this.inFlightTimeout = config.inFlightTimeout();
        this.replicaId = ReplicaIds.of(replica.replicaId(), httpPort);
    }

    /** The replica whose claims this store makes. */
    public String replicaId() {
        return replicaId;
    }

    /** Claims {@code key} for the request with this fingerprint, or says who has it. */
    public Uni<Claim> claim(UUID apiKeyId, String key, byte[] fingerprint) {
        return claim(apiKeyId, key, fingerprint, CLAIM_ATTEMPTS);
    }

    private Uni<Claim> claim(UUID apiKeyId, String key, byte[] fingerprint, int attemptsLeft) {
        Instant now = DbTime.now(clock);
        UUID token = UUID.randomUUID();
        Tuple values = Tuple.tuple().addUUID(apiKeyId).addString(key).addValue(Buffer.buffer(fingerprint))
                .addUUID(token).addOffsetDateTime(DbTime.toDb(now)).addOffsetDateTime(DbTime.toDb(now.plus(WINDOW)))
                .addOffsetDateTime(DbTime.toDb(now.minus(inFlightTimeout))).addString(replicaId);
        return pool.preparedQuery(CLAIM).execute(values).flatMap(claimed -> {
            if (claimed.size() > 0) {
                return Uni.createFrom().item(new Claim.Won(token));
            }
            return pool.preparedQuery(FIND).execute(Tuple.of(apiKeyId, key)).flatMap(found -> {
                if (found.size() == 0) {
                    // Released between the two statements: the key is free again.
                    return attemptsLeft > 1 ? claim(apiKeyId, key, fingerprint, attemptsLeft - 1)
                            : Uni.createFrom().item(new Claim.InFlight());
                }
                Row row = found.iterator().next();
                if ("unknown".equals(row.getString("state")) && sameRequest(row, fingerprint) && attemptsLeft > 1) {
                    // Marked unknown between the two statements: a retry of the same request takes it.
                    return claim(apiKeyId, key, fingerprint, attemptsLeft - 1);
                }
                return Uni.createFrom().item(existing(row, fingerprint));
            });
        });
    }

    private static boolean sameRequest(Row row, byte[] fingerprint) {
        return Arrays.equals(row.getDelegate().getBuffer("fingerprint").getBytes(), fingerprint);
    }

    private static Claim existing(Row row, byte[] fingerprint) {
        if (!sameRequest(row, fingerprint)) {
            return new Claim.Reused();
        }
        if (!"completed".equals(row.getString("state"))) {
            return new Claim.InFlight();
        }
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        for (Object pair : row.getDelegate().getJsonArray("response_headers")) {
            JsonArray header = (JsonArray) pair;
            headers.add(header.getString(0), header.getString(1));
        }
        return new Claim.Completed(new ApiResponse(row.getInteger("response_status"), headers,
                row.getDelegate().getBuffer("response_body")));
    }

    /** Stores the 2xx answer of the claim held with {@code token}; replayed until 24 hours from now. */
    public Uni<Void> complete(UUID apiKeyId, String key, UUID token, ApiResponse response) {
        JsonArray headers = new JsonArray();
        for (Map.Entry<String, String> header : response.headers()) {
            headers.add(new JsonArray().add(header.getKey()).add(header.getValue()));
        }
        Instant now = DbTime.now(clock);
        Tuple values = Tuple.tuple().addUUID(apiKeyId).addString(key).addUUID(token)
                .addInteger(response.status()).addValue(headers).addValue(response.body())
                .addOffsetDateTime(DbTime.toDb(now.plus(WINDOW)));
        return pool.preparedQuery("UPDATE idempotency_records SET state = 'completed', response_status = $4,"
                        + " response_headers = $5, response_body = $6, expires_at = $7"
                        + " WHERE api_key_id = $1 AND idempotency_key = $2 AND claim_token = $3")
                .execute(values).replaceWithVoid();
    }

    /**
     * Keeps the key, bound to its request, when the request was forwarded but its answer never came: the service may
     * have acted on it. Only a retry of the same request takes it again, unless another claim has taken it over since.
     */
    public Uni<Void> markUnknown(UUID apiKeyId, String key, UUID token) {
        return pool.preparedQuery("UPDATE idempotency_records SET state = 'unknown'"
                        + " WHERE api_key_id = $1 AND idempotency_key = $2 AND claim_token = $3 AND state = 'in_flight'")
                .execute(Tuple.of(apiKeyId, key, token)).replaceWithVoid();
    }

    /**
     * Turns the claims this replica left in flight when it last stopped (killed mid-request, most likely) into unknown:
     * no request of this replica runs under them any more, and the service may have acted on them, so a retry of the
     * same request takes the key at once and another request under it is refused as reused. Only claims made before
     * {@code startedAt} are touched, so none this replica has made since it started. Returns how many it turned.
     */
    public Uni<Integer> abandonClaimsOfEarlierRun(Instant startedAt) {
        return pool.preparedQuery("UPDATE idempotency_records SET state = 'unknown'"
                        + " WHERE replica_id = $1 AND state = 'in_flight' AND claimed_at < $2")
                .execute(Tuple.of(replicaId, DbTime.toDb(startedAt)))
                .map(rows -> rows.rowCount());
    }

    /** Frees the key after a non-2xx answer or a request refused before it reached the service. */
    public Uni<Void> release(UUID apiKeyId, String key, UUID token) {
        return pool.preparedQuery("DELETE FROM idempotency_records"
                        + " WHERE api_key_id = $1 AND idempotency_key = $2 AND claim_token = $3")
                .execute(Tuple.of(apiKeyId, key, token)).replaceWithVoid();
    }

    /** Deletes answers past their window (and claims abandoned that long). */
    public Uni<Integer> purgeExpired() {
        return pool.preparedQuery("DELETE FROM idempotency_records WHERE expires_at <= $1")
                .execute(Tuple.of(DbTime.toDb(DbTime.now(clock))))
                .map(rows -> rows.rowCount());
    }
}
