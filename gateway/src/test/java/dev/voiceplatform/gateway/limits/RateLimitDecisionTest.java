package dev.voiceplatform.gateway.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import io.vertx.core.MultiMap;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RateLimitDecisionTest {

    private static final Instant NOW = Instant.parse("2026-11-21T10:15:30.250Z");
    private static final RateLimitWindows WINDOWS = RateLimitWindows.at(NOW);

    private static RateLimitDecision decision(int hourCount, int dayCount, boolean allowed) {
        return new RateLimitDecision("free", new TierLimits(100, 500),
                new RateLimitStore.Counts(WINDOWS.hourStart(), hourCount, WINDOWS.dayStart(), dayCount, allowed ? 1 : 0), NOW);
    }

    @Test
    void windowsAreTheClockHourAndTheUtcDay() {
        assertEquals(Instant.parse("2026-11-21T10:00:00Z"), WINDOWS.hourStart());
        assertEquals(Instant.parse("2026-11-21T00:00:00Z"), WINDOWS.dayStart());
        assertEquals(Instant.parse("2026-11-21T11:00:00Z"), WINDOWS.hourReset());
        assertEquals(Instant.parse("2026-11-22T00:00:00Z"), WINDOWS.dayReset());
    }

    @Test
    void everyAnswerDescribesPolicyAndState() {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        decision(40, 140, true).describe(headers);
        assertEquals("\"hour\";q=100;w=3600, \"day\";q=500;w=86400", headers.get("RateLimit-Policy"));
        // 44 min 29.75 s to the hour, 13 h 44 min 29.75 s to midnight, rounded up.
        assertEquals("\"hour\";r=60;t=2670, \"day\";r=360;t=49470", headers.get("RateLimit"));
    }

    @Test
    void aFullHourIsRefusedUntilTheNextHour() {
        RateLimitDecision decision = decision(100, 300, false);
        assertFalse(decision.allowed());
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        ApiException refusal = decision.refusal(headers);
        assertEquals(ErrorCode.RATE_LIMIT_EXCEEDED, refusal.code());
        assertEquals(429, refusal.status());
        assertEquals("2026-11-21T11:00:00Z", refusal.details().get("reset_at"));
        assertEquals(2670L, refusal.details().get("retry_after"));
        assertEquals("hour", refusal.details().get("window"));
        assertEquals("2670", headers.get("Retry-After"));
        assertEquals(Long.toString(Instant.parse("2026-11-21T11:00:00Z").getEpochSecond()),
                headers.get("X-RateLimit-Reset"));
    }

    @Test
    void aFullDayIsRefusedUntilMidnightUtcEvenWhenTheHourIsFullToo() {
        RateLimitDecision decision = decision(100, 500, false);
        ApiException refusal = decision.refusal(MultiMap.caseInsensitiveMultiMap());
        assertEquals("day", decision.exhaustedWindow());
        assertEquals("2026-11-22T00:00:00Z", refusal.details().get("reset_at"));
        assertEquals(49470L, refusal.details().get("retry_after"));
    }

    @Test
    void remainingNeverGoesBelowZero() {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        decision(100, 500, false).describe(headers);
        assertTrue(headers.get("RateLimit").contains("\"hour\";r=0;"));
        assertTrue(headers.get("RateLimit").contains("\"day\";r=0;"));
    }
}
