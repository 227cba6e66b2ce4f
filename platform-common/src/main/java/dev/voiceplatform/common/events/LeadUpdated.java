package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.UUID;

/** {@code lead.updated}: a lead's status changed. Public. */
public record LeadUpdated(LeadSnapshot lead, @JsonProperty("previous_status") String previousStatus)
        implements PlatformEvent {

    public static final String TYPE = "lead.updated";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String topic() {
        return Topics.LEADS;
    }

    @Override
    public String aggregateKey() {
        return lead.id().toString();
    }

    @Override
    public UUID agentId() {
        return lead.agentId();
    }
}
