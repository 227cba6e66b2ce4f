package dev.voiceplatform.gateway.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.testing.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The test kit's clock is the clock the service reads, and time a test moved is back to real time for the next test
 * without the test resetting it itself.
 */
@QuarkusTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TestClockWiringTest {

    @Inject
    Clock platformClock;

    @Inject
    TestClock testClock;

    @Test
    @Order(1)
    void theServiceReadsTheTestClockAndATestMovesIt() {
        assertSame(testClock, platformClock);
        testClock.advance(Duration.ofDays(2));
        assertTrue(platformClock.instant().isAfter(Instant.now().plus(Duration.ofDays(1))));
    }

    @Test
    @Order(2)
    void theNextTestStartsAtRealTime() {
        assertEquals(Duration.ZERO, testClock.offset());
    }
}
