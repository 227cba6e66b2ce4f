package dev.voiceplatform.common.events;

import java.util.UUID;

/** {@code agent.updated}: internal, never offered to webhook subscribers. */
public record AgentUpdated(AgentSnapshot agent, @com.fasterxml.jackson.annotation.JsonProperty("changed_fields") java.util.List<String> changedFields) implements PlatformEvent {

    public static final String TYPE = "agent.updated";

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
