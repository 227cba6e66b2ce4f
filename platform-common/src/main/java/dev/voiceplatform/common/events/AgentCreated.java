package dev.voiceplatform.common.events;

import java.util.UUID;

/** {@code agent.created}: internal, never offered to webhook subscribers. */
public record AgentCreated(AgentSnapshot agent) implements PlatformEvent {

    public static final String TYPE = "agent.created";

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
