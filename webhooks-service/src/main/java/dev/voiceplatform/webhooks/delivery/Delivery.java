package dev.voiceplatform.webhooks.delivery;

import java.time.Instant;
import java.util.UUID;

/** A delivery-log entry (part 2.9): one message to one subscription and how its attempts went. */
public record Delivery(String id, UUID subscriptionId, String eventId, String eventType, String status,
        boolean test, Integer responseStatus, Integer responseTimeMs, int attemptCount, String errorMessage,
        String failureClass, Instant nextAttemptAt, String replayOf, Instant createdAt) {
}
