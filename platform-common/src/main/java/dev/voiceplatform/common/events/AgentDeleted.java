package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.UUID;

/** {@code agent.deleted}: internal, never offered to webhook subscribers. */
public record AgentDeleted(UUID id, String name, @JsonProperty("deleted_at") Instant deletedAt) implements PlatformEvent {

    public static final String TYPE = "agent.deleted";

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
        return id.toString();
    }

    @Override
    public UUID agentId() {
        return id;
    }
}
