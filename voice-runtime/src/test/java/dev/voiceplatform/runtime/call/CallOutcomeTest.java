package dev.voiceplatform.runtime.call;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CallOutcomeTest {

    private static final BigDecimal RATE = new BigDecimal("0.0015");

    @Test
    void answeredTimeIsBilledPerStartedSecond() {
        Instant answered = Instant.parse("2026-11-24T10:00:00Z");
        assertEquals(0, CallOutcome.billedSeconds(null, answered));
        assertEquals(0, CallOutcome.billedSeconds(answered, answered));
        assertEquals(1, CallOutcome.billedSeconds(answered, answered.plusMillis(1)));
        assertEquals(10, CallOutcome.billedSeconds(answered, answered.plusSeconds(10)));
        assertEquals(11, CallOutcome.billedSeconds(answered, answered.plusMillis(10_001)));
    }

    @Test
    void costIsNinePointsOfACentPerMinuteToFourDecimals() {
        assertEquals(new BigDecimal("0.0000"), CallOutcome.cost(0, RATE));
        assertEquals(new BigDecimal("0.0150"), CallOutcome.cost(10, RATE));
        assertEquals(new BigDecimal("0.0900"), CallOutcome.cost(60, RATE));
        assertEquals(new BigDecimal("0.0013"), CallOutcome.cost(1, new BigDecimal("0.00125")), "half up");
    }
}
