package dev.voiceplatform.agents.agent.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.voiceplatform.agents.agent.Agent;
import java.time.Instant;
import java.util.UUID;

/** The agent as create, update, publish and unpublish answer it (part 2.3); unset fields read as null. */
public record AgentOut(
        UUID id,
        String name,
        String description,
        String prompt,
        String greeting,
        String language,
        String voice,
        String model,
        String status,
        boolean published,
        int version,
        @JsonProperty("created_at") Instant createdAt,
        @JsonProperty("updated_at") Instant updatedAt,
        @JsonInclude(JsonInclude.Include.NON_NULL) String warning) {

    static final String UNPUBLISH_WARNING = "The agent no longer places calls, but inbound calls still reach a "
            + "phone number bound to it. Unbind the number to stop them.";

    public static AgentOut of(Agent agent) {
        return new AgentOut(agent.id(), agent.name(), agent.description(), agent.prompt(), agent.greeting(),
                agent.language(), agent.voice(), agent.model(), agent.status().wireName(), agent.published(),
                agent.version(), agent.createdAt(), agent.updatedAt(), null);
    }

    public static AgentOut unpublished(Agent agent) {
        AgentOut out = of(agent);
        return new AgentOut(out.id, out.name, out.description, out.prompt, out.greeting, out.language, out.voice,
                out.model, out.status, out.published, out.version, out.createdAt, out.updatedAt, UNPUBLISH_WARNING);
    }
}
