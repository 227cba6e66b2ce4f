package dev.voiceplatform.common.events;

import java.util.UUID;

/** {@code lead.created}: a lead was captured, through the API or by an agent during or after a call. Public. */
public record LeadCreated(LeadSnapshot lead) implements PlatformEvent {

    public static final String TYPE = "lead.created";

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
