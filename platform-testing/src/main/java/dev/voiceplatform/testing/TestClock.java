package dev.voiceplatform.testing;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * Replaces the platform clock in every service's {@code @QuarkusTest}s: real time plus an offset a test moves with
 * {@link #advance} instead of sleeping. Real time keeps flowing underneath, so timeouts and Kafka still behave.
 *
 * <p>An enabled alternative in the test kit's indexed jar, so it wins over the platform's default {@code Clock}
 * wherever the kit is on the test class path without any setting in the service. The offset goes back to zero after
 * each test ({@link TestClockReset}), so a test that moved time leaves none of it to the next.
 */
@Alternative
@Priority(1)
@Singleton
public class TestClock extends Clock {

    private volatile Duration offset = Duration.ZERO;

    public void advance(Duration by) {
        offset = offset.plus(by);
    }

    /** Back to real time; the kit calls it after each test. */
    public void reset() {
        offset = Duration.ZERO;
    }

    /** How far this clock is ahead of real time. */
    public Duration offset() {
        return offset;
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(offset);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the platform clock is UTC");
    }
}
