package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.UUID;

/**
 * A lead whole, as GET /leads/:id answers it and as lead events carry it, so a webhook consumer needs
 * nothing else. {@code call_id} names the call that captured it, when one did.
 */
public record LeadSnapshot(
        UUID id,
        String name,
        String phone,
        String email,
        String status,
        String source,
        @JsonProperty("agent_id") UUID agentId,
        @JsonProperty("call_id") UUID callId,
        String notes,
        JsonNode metadata,
        @JsonProperty("created_at") Instant createdAt,
        @JsonProperty("updated_at") Instant updatedAt) {
}
