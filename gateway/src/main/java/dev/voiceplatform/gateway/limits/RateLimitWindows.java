package dev.voiceplatform.gateway.limits;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The two fixed windows a request counts in: the clock hour and the UTC day it falls in. Fixed windows aligned to
 * the clock make {@code reset_at} the same for every replica and every caller.
 */
public record RateLimitWindows(Instant hourStart, Instant dayStart) {

    public static final Duration HOUR = Duration.ofHours(1);
    public static final Duration DAY = Duration.ofDays(1);

    public static RateLimitWindows at(Instant now) {
        return new RateLimitWindows(now.truncatedTo(ChronoUnit.HOURS), now.truncatedTo(ChronoUnit.DAYS));
    }

    public Instant hourReset() {
        return hourStart.plus(HOUR);
    }

    public Instant dayReset() {
        return dayStart.plus(DAY);
    }
}
