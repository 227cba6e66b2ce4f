package dev.voiceplatform.webhooks.subscription;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * An account-wide webhook subscription (part 2.9), secret and custom headers opened. {@code consecutiveFailures}
 * counts real deliveries that failed since the last one that succeeded (part 3.5).
 */
public record Subscription(
        UUID id,
        UUID organizationId,
        String url,
        List<String> events,
        UUID agentId,
        String secret,
        boolean active,
        boolean paused,
        String httpMethod,
        String contentType,
        Map<String, String> customHeaders,
        JsonNode payloadTemplate,
        JsonNode condition,
        int consecutiveFailures,
        Instant lastDeliveryAt,
        String lastDeliveryStatus,
        Instant createdAt,
        Instant updatedAt) {

    /** Whether new events are queued for it. */
    public boolean receives() {
        return active && !paused;
    }
}
