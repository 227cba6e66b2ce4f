package dev.voiceplatform.calls.quota;

import dev.voiceplatform.calls.config.CallsConfig;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The call limits of each rate-limit tier (configuration, part 8 leaves the values open) and the 429 answers of a
 * limit reached. A tier without limits stops the start, so no request meets a tier the service cannot bound.
 */
@Startup
@ApplicationScoped
public class CallLimits {

    public static final String ORGANIZATION_DAILY_CALLS = "organization_daily_calls";
    public static final String ORGANIZATION_MONTHLY_CALLS = "organization_monthly_calls";
    public static final String CONCURRENT_CALLS = "concurrent_calls";
    public static final String INBOUND_CONCURRENCY = "inbound_concurrency";
    /**
     * When a live-call slot frees cannot be known (it frees when some call ends), so a caller refused for concurrency
     * is asked to wait this long.
     */
    static final Duration LIVE_SLOT_RETRY_AFTER = Duration.ofSeconds(30);
    static final List<String> TIERS = List.of("free", "standard", "premium");

    /** A tier's limits by name. */
    public record Tier(String name, int callsPerDay, int callsPerMonth, int concurrentCalls, int inboundConcurrentCalls) {
    }

    private final CallsConfig config;

    public CallLimits(CallsConfig config) {
        this.config = config;
        for (String tier : TIERS) {
            if (!config.tiers().containsKey(tier)) {
                throw new IllegalStateException("platform.calls.tiers." + tier + ".* must be set");
            }
        }
        if (!config.tiers().containsKey(config.defaultTier())) {
            throw new IllegalStateException("platform.calls.default-tier names no configured tier: " + config.defaultTier());
        }
    }

    /** The limits of a tier; an unknown tier name gets those of the default tier. */
    public Tier of(String tier) {
        String name = tier != null && config.tiers().containsKey(tier) ? tier : config.defaultTier();
        CallsConfig.TierLimits limits = config.tiers().get(name);
        return new Tier(name, limits.callsPerDay(), limits.callsPerMonth(), limits.concurrentCalls(),
                limits.inboundConcurrentCalls());
    }

    /** 429 DAILY_CALL_LIMIT_EXCEEDED: the key placed its calls of the UTC day. */
    public ApiException keyDailyLimitReached(Instant now) {
        Instant reset = nextDay(now);
        return withReset(ApiException.of(ErrorCode.DAILY_CALL_LIMIT_EXCEEDED,
                        "This key placed its " + config.keyDailyLimit() + " calls of the day"), now, reset)
                .withDetail("limit", config.keyDailyLimit());
    }

    /** 429 RATE_LIMIT_EXCEEDED naming the organization's limit that was reached. */
    public ApiException organizationLimitReached(String limit, Tier tier, Instant now) {
        Instant reset = switch (limit) {
            case ORGANIZATION_DAILY_CALLS -> nextDay(now);
            case ORGANIZATION_MONTHLY_CALLS -> LocalDate.ofInstant(now, ZoneOffset.UTC).withDayOfMonth(1).plusMonths(1)
                    .atStartOfDay().toInstant(ZoneOffset.UTC);
            default -> now.plus(LIVE_SLOT_RETRY_AFTER);
        };
        String message = switch (limit) {
            case ORGANIZATION_DAILY_CALLS -> "The organization placed its " + tier.callsPerDay() + " calls of the day";
            case ORGANIZATION_MONTHLY_CALLS -> "The organization placed its " + tier.callsPerMonth()
                    + " calls of the month";
            case CONCURRENT_CALLS -> "The organization already has " + tier.concurrentCalls() + " outbound calls live";
            default -> "The organization already has " + tier.inboundConcurrentCalls() + " inbound calls live";
        };
        return withReset(ApiException.of(ErrorCode.RATE_LIMIT_EXCEEDED, message), now, reset)
                .withDetail("limit", limit)
                .withDetail("tier", tier.name());
    }

    private static ApiException withReset(ApiException error, Instant now, Instant reset) {
        long seconds = Math.max(1, (Duration.between(now, reset).toMillis() + 999) / 1000);
        return error.withDetail("reset_at", reset.toString())
                .withDetail("retry_after", seconds)
                .withHeader("Retry-After", Long.toString(seconds))
                .withHeader("X-RateLimit-Reset", Long.toString(reset.getEpochSecond()));
    }

    private static Instant nextDay(Instant now) {
        return LocalDate.ofInstant(now, ZoneOffset.UTC).plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC);
    }
}
