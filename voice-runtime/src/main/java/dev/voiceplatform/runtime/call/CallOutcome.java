package dev.voiceplatform.runtime.call;

import dev.voiceplatform.common.events.TranscriptEntry;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** How a call ended, as runtime.call.ended reports it and the runtime's row keeps it. */
public record CallOutcome(String status, String endReason, Instant answeredAt, Instant endedAt, int duration,
        BigDecimal cost, String summary, List<TranscriptEntry> transcript, boolean recordingAvailable) {

    public static final String COMPLETED = "completed";
    public static final String MISSED = "missed";
    public static final String FAILED = "failed";

    /**
     * Whole seconds of answered time, a started second counting as a second (carriers bill that way); 0 for a call
     * never answered.
     */
    public static int billedSeconds(Instant answeredAt, Instant endedAt) {
        if (answeredAt == null || !endedAt.isAfter(answeredAt)) {
            return 0;
        }
        Duration talked = Duration.between(answeredAt, endedAt);
        return (int) (talked.toSeconds() + (talked.toNanosPart() > 0 ? 1 : 0));
    }

    /** The cost of {@code seconds} of answered time, in US dollars to four decimals. */
    public static BigDecimal cost(int seconds, BigDecimal perSecond) {
        return perSecond.multiply(BigDecimal.valueOf(seconds)).setScale(4, RoundingMode.HALF_UP);
    }
}
