package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.UUID;

/**
 * The Kafka value of every event: {@code {id, type, org_id, agent_id?, occurred_at, correlation_id, data}}.
 * Consumers read {@code data} as the record of {@code type} and ignore types and fields they do not know.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EventEnvelope<T>(
        UUID id,
        String type,
        @JsonProperty("org_id") UUID orgId,
        @JsonProperty("agent_id") UUID agentId,
        @JsonProperty("occurred_at") Instant occurredAt,
        @JsonProperty("correlation_id") String correlationId,
        T data) {

    /** An envelope as a consumer reads it, before it knows the type. */
    public record Received(
            UUID id,
            String type,
            @JsonProperty("org_id") UUID orgId,
            @JsonProperty("agent_id") UUID agentId,
            @JsonProperty("occurred_at") Instant occurredAt,
            @JsonProperty("correlation_id") String correlationId,
            JsonNode data) {
    }
}
