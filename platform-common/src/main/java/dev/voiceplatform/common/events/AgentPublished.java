package dev.voiceplatform.common.events;

import java.util.UUID;

/** {@code agent.published}: internal, never offered to webhook subscribers. */
public record AgentPublished(AgentSnapshot agent) implements PlatformEvent {

    public static final String TYPE = "agent.published";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String topic() {
        return Topics.AGENTS;
    }

    @Override
    public String aggregateKey() {
        return agent.id().toString();
    }

    @Override
    public UUID agentId() {
        return agent.id();
    }
}
