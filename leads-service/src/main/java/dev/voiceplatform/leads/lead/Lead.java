package dev.voiceplatform.leads.lead;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.events.LeadSnapshot;
import java.time.Instant;
import java.util.UUID;

/** A lead as stored. */
public record Lead(
        UUID id,
        UUID organizationId,
        UUID agentId,
        UUID callId,
        String name,
        String phone,
        String email,
        LeadStatus status,
        String source,
        String notes,
        ObjectNode metadata,
        Instant createdAt,
        Instant updatedAt) {

    public Lead withChanges(String newName, String newEmail, LeadStatus newStatus, String newNotes,
            ObjectNode newMetadata, Instant when) {
        return new Lead(id, organizationId, agentId, callId, newName, phone, newEmail, newStatus, source, newNotes,
                newMetadata, createdAt, when);
    }

    public LeadSnapshot snapshot() {
        return new LeadSnapshot(id, name, phone, email, status.wireName(), source, agentId, callId, notes,
                metadata, createdAt, updatedAt);
    }
}
