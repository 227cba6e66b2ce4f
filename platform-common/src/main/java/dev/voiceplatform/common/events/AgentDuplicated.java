package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.UUID;

/**
 * {@code agent.duplicated}: internal, never offered to webhook subscribers. Follows the new agent's
 * {@code agent.created}, so the knowledge service can copy the source agent's knowledge to the copy.
 */
public record AgentDuplicated(@JsonProperty("source_agent_id") UUID sourceAgentId,
        @JsonProperty("new_agent_id") UUID newAgentId) implements PlatformEvent {

    public static final String TYPE = "agent.duplicated";

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
        return newAgentId.toString();
    }

    @Override
    public UUID agentId() {
        return newAgentId;
    }
}
