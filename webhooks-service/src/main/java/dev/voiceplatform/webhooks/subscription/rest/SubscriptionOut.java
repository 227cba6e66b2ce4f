package dev.voiceplatform.webhooks.subscription.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.webhooks.subscription.Subscription;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A subscription as the API answers it (part 2.9). {@code secret} only in the create response; custom headers never.
 * {@code failure_count} is the run of consecutive failed real deliveries that pauses it at the configured limit.
 */
public record SubscriptionOut(
        UUID id,
        String url,
        List<String> events,
        @JsonInclude(JsonInclude.Include.NON_NULL) String secret,
        @JsonProperty("agent_id") UUID agentId,
        @JsonProperty("is_active") boolean active,
        @JsonProperty("is_paused") boolean paused,
        @JsonProperty("http_method") String httpMethod,
        @JsonProperty("content_type") String contentType,
        @JsonProperty("has_custom_headers") boolean hasCustomHeaders,
        @JsonProperty("payload_template") JsonNode payloadTemplate,
        JsonNode condition,
        @JsonProperty("failure_count") int failureCount,
        @JsonProperty("last_delivery_at") Instant lastDeliveryAt,
        @JsonProperty("last_delivery_status") String lastDeliveryStatus,
        @JsonProperty("created_at") Instant createdAt,
        @JsonProperty("updated_at") Instant updatedAt) {

    public static SubscriptionOut of(Subscription s) {
        return new SubscriptionOut(s.id(), s.url(), s.events(), null, s.agentId(), s.active(), s.paused(),
                s.httpMethod(), s.contentType(), !s.customHeaders().isEmpty(), s.payloadTemplate(), s.condition(),
                s.consecutiveFailures(), s.lastDeliveryAt(), s.lastDeliveryStatus(), s.createdAt(), s.updatedAt());
    }

    /** The create response: the one answer that carries the secret. */
    public static SubscriptionOut created(Subscription s) {
        SubscriptionOut out = of(s);
        return new SubscriptionOut(out.id, out.url, out.events, s.secret(), out.agentId, out.active, out.paused,
                out.httpMethod, out.contentType, out.hasCustomHeaders, out.payloadTemplate, out.condition,
                out.failureCount, out.lastDeliveryAt, out.lastDeliveryStatus, out.createdAt, out.updatedAt);
    }
}
