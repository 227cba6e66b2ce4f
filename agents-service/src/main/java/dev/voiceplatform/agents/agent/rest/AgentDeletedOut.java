package dev.voiceplatform.agents.agent.rest;

import java.util.UUID;

/** The answer of DELETE /agents/:id (part 4.2): {@code {id, deleted: true}}. */
public record AgentDeletedOut(UUID id, boolean deleted) {

    static AgentDeletedOut of(UUID id) {
        return new AgentDeletedOut(id, true);
    }
}
