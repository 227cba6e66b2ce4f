package dev.voiceplatform.gateway.limits;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import io.vertx.core.MultiMap;
import java.time.Duration;
import java.time.Instant;

/**
 * What the limiter decided for one request, and how it is told: the IETF {@code RateLimit-Policy} and
 * {@code RateLimit} fields on every answer, and on a refusal 429 with {@code Retry-After}, {@code X-RateLimit-Reset}
 * and {@code details.reset_at} / {@code details.retry_after}.
 */
public record RateLimitDecision(String tier, TierLimits limits, RateLimitStore.Counts counts, Instant now) {

    public static final String POLICY_HEADER = "RateLimit-Policy";
    public static final String STATE_HEADER = "RateLimit";
    static final String HOUR = "hour";
    static final String DAY = "day";

    public boolean allowed() {
        return counts.allowed();
    }

    /** The fields every answer to this request carries. */
    public void describe(MultiMap headers) {
        headers.set(POLICY_HEADER, "\"" + HOUR + "\";q=" + limits.perHour() + ";w=" + RateLimitWindows.HOUR.toSeconds()
                + ", \"" + DAY + "\";q=" + limits.perDay() + ";w=" + RateLimitWindows.DAY.toSeconds());
        headers.set(STATE_HEADER, "\"" + HOUR + "\";r=" + Math.max(0, limits.perHour() - counts.hourCount())
                + ";t=" + secondsUntil(hourReset()) + ", \"" + DAY + "\";r="
                + Math.max(0, limits.perDay() - counts.dayCount()) + ";t=" + secondsUntil(dayReset()));
    }

    /** The window that refused the request: the day when both are full, since it reopens last. */
    public String exhaustedWindow() {
        return counts.dayCount() >= limits.perDay() ? DAY : HOUR;
    }

    /** When the request could first succeed. */
    public Instant resetAt() {
        return DAY.equals(exhaustedWindow()) ? dayReset() : hourReset();
    }

    /** 429 RATE_LIMIT_EXCEEDED; {@code headers} get Retry-After and X-RateLimit-Reset. */
    public ApiException refusal(MultiMap headers) {
        Instant resetAt = resetAt();
        long retryAfter = secondsUntil(resetAt);
        headers.set("Retry-After", Long.toString(retryAfter));
        headers.set("X-RateLimit-Reset", Long.toString(resetAt.getEpochSecond()));
        return ApiException.of(ErrorCode.RATE_LIMIT_EXCEEDED, "The key made more than "
                        + (DAY.equals(exhaustedWindow()) ? limits.perDay() + " requests today (UTC)"
                                : limits.perHour() + " requests this hour")
                        + " allowed to the " + tier + " tier")
                .withDetail("reset_at", resetAt.toString())
                .withDetail("retry_after", retryAfter)
                .withDetail("limit", DAY.equals(exhaustedWindow()) ? limits.perDay() : limits.perHour())
                .withDetail("window", exhaustedWindow())
                .withDetail("tier", tier);
    }

    private Instant hourReset() {
        return counts.hourStart().plus(RateLimitWindows.HOUR);
    }

    private Instant dayReset() {
        return counts.dayStart().plus(RateLimitWindows.DAY);
    }

    /** Whole seconds until {@code instant}, rounded up and at least 1, so waiting that long is always enough. */
    private long secondsUntil(Instant instant) {
        long millis = Duration.between(now, instant).toMillis();
        return Math.max(1, (millis + 999) / 1000);
    }
}
