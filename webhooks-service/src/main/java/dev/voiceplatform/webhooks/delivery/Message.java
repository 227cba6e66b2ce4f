package dev.voiceplatform.webhooks.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * One message to one subscription: what is signed and sent. {@code id} is the X-Webhook-ID (identical across
 * retries), {@code eventId} the envelope id shared by every subscriber, {@code templatedBody} the body a payload
 * template rendered before (a replay re-sends it), else null.
 */
public record Message(String id, String eventId, String eventType, Instant occurredAt, JsonNode data,
        String correlationId, String templatedBody) {

    public static final String ID_PREFIX = "msg_";
    public static final String TEST_ID_PREFIX = "msg_test_";
}
