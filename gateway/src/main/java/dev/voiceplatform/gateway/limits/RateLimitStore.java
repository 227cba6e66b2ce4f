package dev.voiceplatform.gateway.limits;

import dev.voiceplatform.common.db.DbTime;
import io.quarkus.reactive.datasource.ReactiveDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.UUID;

/**
 * Request counters shared by every gateway replica, in the {@code rate-limits} datasource (by default the gateway's
 * own database). One row per key holds its current hour and day windows.
 */
@ApplicationScoped
public class RateLimitStore {

    /** The count of the window being counted in: the stored one, unless a newer window has begun. */
    private static final String HOUR_SO_FAR = "(CASE WHEN $2::timestamptz <= c.hour_start THEN c.hour_count ELSE 0 END)";
    private static final String DAY_SO_FAR = "(CASE WHEN $3::timestamptz <= c.day_start THEN c.day_count ELSE 0 END)";
    /** As many of the requests asked for as both windows still hold; 0 when either is full. */
    private static final String GRANTED = "GREATEST(0, LEAST($6, $4 - " + HOUR_SO_FAR + ", $5 - " + DAY_SO_FAR + "))";

    /**
     * Grants up to {@code $6} requests in both windows in one atomic statement, as many as both still hold; a refusal
     * counts in neither, so a caller held back for the hour does not burn its day. A window older than the one
     * stored counts as the stored one, so replicas whose clocks straddle a boundary never reset a window.
     */
    private static final String CONSUME = "INSERT INTO rate_limit_counters AS c"
            + " (api_key_id, hour_start, hour_count, day_start, day_count, last_granted)"
            + " VALUES ($1, $2, LEAST($6, $4, $5), $3, LEAST($6, $4, $5), LEAST($6, $4, $5))"
            + " ON CONFLICT (api_key_id) DO UPDATE SET"
            + " hour_count = " + HOUR_SO_FAR + " + " + GRANTED + ","
            + " day_count = " + DAY_SO_FAR + " + " + GRANTED + ","
            + " hour_start = GREATEST(c.hour_start, $2::timestamptz),"
            + " day_start = GREATEST(c.day_start, $3::timestamptz),"
            + " last_granted = " + GRANTED
            + " RETURNING hour_start, hour_count, day_start, day_count, last_granted";

    private final Pool pool;

    public RateLimitStore(@ReactiveDataSource("rate-limits") Pool pool) {
        this.pool = pool;
    }

    /**
     * A key's counts after a grant (every request granted to any replica, used or not), and how many requests this
     * grant gave; 0 is a refusal.
     */
    public record Counts(Instant hourStart, int hourCount, Instant dayStart, int dayCount, int granted) {

        public boolean allowed() {
            return granted > 0;
        }
    }

    /** Asks for up to {@code requests} requests of the key's windows (at least 1; limits at least 1). */
    public Uni<Counts> consume(UUID keyId, RateLimitWindows windows, int perHour, int perDay, int requests) {
        return pool.preparedQuery(CONSUME)
                .execute(Tuple.tuple().addUUID(keyId).addOffsetDateTime(DbTime.toDb(windows.hourStart()))
                        .addOffsetDateTime(DbTime.toDb(windows.dayStart())).addInteger(perHour).addInteger(perDay)
                        .addInteger(requests))
                .map(rows -> {
                    Row row = rows.iterator().next();
                    return new Counts(DbTime.fromDb(row.getOffsetDateTime("hour_start")), row.getInteger("hour_count"),
                            DbTime.fromDb(row.getOffsetDateTime("day_start")), row.getInteger("day_count"),
                            row.getInteger("last_granted"));
                });
    }

    /** Forgets keys not seen since before {@code dayStart}'s day; they start afresh when they come back. */
    public Uni<Integer> purgeBefore(Instant dayStart) {
        return pool.preparedQuery("DELETE FROM rate_limit_counters WHERE day_start < $1")
                .execute(Tuple.of(DbTime.toDb(dayStart)))
                .map(rows -> rows.rowCount());
    }
}
