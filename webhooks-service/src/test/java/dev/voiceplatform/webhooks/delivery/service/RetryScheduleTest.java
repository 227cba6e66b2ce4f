package dev.voiceplatform.webhooks.delivery.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.voiceplatform.webhooks.delivery.FailureClass;
import dev.voiceplatform.webhooks.delivery.Outcome;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

    private static final List<Duration> SCHEDULE = List.of(Duration.ofSeconds(30), Duration.ofMinutes(2),
            Duration.ofMinutes(10), Duration.ofMinutes(30), Duration.ofHours(2));
    private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");

    private static Outcome failed(int status) {
        return new Outcome(false, status, 5, "no", FailureClass.ofStatus(status));
    }

    @Test
    void fiveRetriesOnTheScheduleThenAbandoned() {
        Outcome outcome = failed(503);
        assertEquals(NOW.plusSeconds(30), DeliveryAttempts.nextAttempt(SCHEDULE, 1, outcome, NOW));
        assertEquals(NOW.plus(Duration.ofMinutes(2)), DeliveryAttempts.nextAttempt(SCHEDULE, 2, outcome, NOW));
        assertEquals(NOW.plus(Duration.ofHours(2)), DeliveryAttempts.nextAttempt(SCHEDULE, 5, outcome, NOW));
        assertNull(DeliveryAttempts.nextAttempt(SCHEDULE, 6, outcome, NOW));
    }

    @Test
    void fourHundredsAreFinalExceptAuthForbiddenTimeoutAndTooMany() {
        for (int status : List.of(400, 404, 409, 410, 422)) {
            assertNull(DeliveryAttempts.nextAttempt(SCHEDULE, 1, failed(status), NOW), "status " + status);
        }
        for (int status : List.of(401, 403, 408, 429, 500)) {
            assertEquals(NOW.plusSeconds(30), DeliveryAttempts.nextAttempt(SCHEDULE, 1, failed(status), NOW));
        }
        assertNull(DeliveryAttempts.nextAttempt(SCHEDULE, 1, new Outcome(true, 200, 1, null, null), NOW));
    }

    @Test
    void statusesLandInThePartSevenClasses() {
        assertEquals("auth", FailureClass.ofStatus(401).wireName());
        assertEquals("authz", FailureClass.ofStatus(403).wireName());
        assertEquals("validation", FailureClass.ofStatus(404).wireName());
        assertEquals("conflict", FailureClass.ofStatus(409).wireName());
        assertEquals("rate_limit", FailureClass.ofStatus(408).wireName());
        assertEquals("upstream_4xx", FailureClass.ofStatus(418).wireName());
        assertEquals("upstream_5xx", FailureClass.ofStatus(502).wireName());
    }
}
