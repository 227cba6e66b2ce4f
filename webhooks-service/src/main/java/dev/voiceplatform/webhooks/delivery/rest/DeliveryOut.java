package dev.voiceplatform.webhooks.delivery.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.voiceplatform.webhooks.delivery.Delivery;
import java.time.Instant;

/**
 * A delivery-log entry (part 2.9) plus {@code failure_class} (part 7's classes, null on success), {@code event_id},
 * {@code next_attempt_at} (when a retry is scheduled), {@code replay_of} and {@code created_at}. Request bodies are
 * never returned; {@code error_message} holds the destination's reply capped at 500 characters.
 */
public record DeliveryOut(
        String id,
        @JsonProperty("event_id") String eventId,
        @JsonProperty("event_type") String eventType,
        String status,
        @JsonProperty("is_test") boolean test,
        @JsonProperty("response_status") Integer responseStatus,
        @JsonProperty("response_time_ms") Integer responseTimeMs,
        @JsonProperty("attempt_count") int attemptCount,
        @JsonProperty("error_message") String errorMessage,
        @JsonProperty("failure_class") String failureClass,
        @JsonProperty("next_attempt_at") Instant nextAttemptAt,
        @JsonProperty("replay_of") String replayOf,
        @JsonProperty("created_at") Instant createdAt) {

    public static DeliveryOut of(Delivery d) {
        return new DeliveryOut(d.id(), d.eventId(), d.eventType(), d.status(), d.test(), d.responseStatus(),
                d.responseTimeMs(), d.attemptCount(), d.errorMessage(), d.failureClass(), d.nextAttemptAt(),
                d.replayOf(), d.createdAt());
    }
}
