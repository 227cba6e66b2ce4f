package dev.voiceplatform.leads.lead.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.leads.lead.Lead;
import java.time.Instant;
import java.util.UUID;

/** A lead as the API answers it (part 2). {@code call_id} names the call that captured it, when one did. */
public record LeadOut(
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

    static LeadOut of(Lead lead) {
        return new LeadOut(lead.id(), lead.name(), lead.phone(), lead.email(), lead.status().wireName(), lead.source(),
                lead.agentId(), lead.callId(), lead.notes(), lead.metadata(), lead.createdAt(), lead.updatedAt());
    }
}
