package dev.voiceplatform.agents.drafts.service;

import dev.voiceplatform.agents.drafts.DraftsConfig;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The wizards' limit of part 8, 5 calls per minute per key creator. Keys carry no user, so a key stands for the
 * person who created it and calls are counted per API key. The count lives in the database, one row per key, so
 * every replica of the service counts against the same window: a fixed clock minute, the same for every replica
 * and every caller, counted by one atomic upsert.
 */
@ApplicationScoped
public class WizardRateLimiter {

    static final Duration WINDOW = Duration.ofMinutes(1);

    private static final String COUNT = "INSERT INTO draft_rate_windows (key_id, window_start, count) VALUES ($1, $2, 1) "
            + "ON CONFLICT (key_id) DO UPDATE SET "
            + "count = CASE WHEN draft_rate_windows.window_start = EXCLUDED.window_start "
            + "THEN draft_rate_windows.count + 1 ELSE 1 END, "
            + "window_start = EXCLUDED.window_start "
            + "RETURNING count";

    private final Pool pool;
    private final Clock clock;
    private final DraftsConfig config;

    public WizardRateLimiter(Pool pool, Clock clock, DraftsConfig config) {
        this.pool = pool;
        this.clock = clock;
        this.config = config;
    }

    /** Counts one wizard call of the key; fails with 429 RATE_LIMIT_EXCEEDED past the limit of the minute. */
    public Uni<Void> count(Tenant tenant) {
        Instant now = clock.instant();
        Instant windowStart = now.truncatedTo(ChronoUnit.MINUTES);
        return pool.preparedQuery(COUNT)
                .execute(Tuple.of(tenant.keyId(), DbTime.toDb(windowStart)))
                .map(rows -> rows.iterator().next().getInteger("count"))
                .invoke(count -> {
                    if (count > config.perMinute()) {
                        throw refusal(now, windowStart.plus(WINDOW));
                    }
                })
                .replaceWithVoid();
    }

    /** 429 RATE_LIMIT_EXCEEDED with Retry-After and X-RateLimit-Reset, as the gateway's refusals carry them. */
    private ApiException refusal(Instant now, Instant resetAt) {
        long retryAfter = Math.max(1, (Duration.between(now, resetAt).toMillis() + 999) / 1000);
        return ApiException.of(ErrorCode.RATE_LIMIT_EXCEEDED,
                        "The key made more than " + config.perMinute() + " drafting wizard calls this minute")
                .withDetail("reset_at", resetAt.toString())
                .withDetail("retry_after", retryAfter)
                .withDetail("limit", config.perMinute())
                .withDetail("window", "minute")
                .withHeader("Retry-After", Long.toString(retryAfter))
                .withHeader("X-RateLimit-Reset", Long.toString(resetAt.getEpochSecond()));
    }
}
