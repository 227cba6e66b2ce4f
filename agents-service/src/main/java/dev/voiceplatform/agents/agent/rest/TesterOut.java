package dev.voiceplatform.agents.agent.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.repository.AgentRepository;
import java.time.Instant;
import java.util.UUID;

/**
 * A tester agent as POST /agents/:id/tester answers it: the agent's create fields (part 2.3), and the testing keys
 * under their settings-document names (2.4: {@code isTester}, {@code testTargetAgentId}) with the caller persona.
 */
public record TesterOut(
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
        @JsonProperty("isTester") boolean isTester,
        @JsonProperty("testTargetAgentId") UUID testTargetAgentId,
        String persona) {

    public static TesterOut of(AgentRepository.TesterAgent tester) {
        Agent agent = tester.agent();
        return new TesterOut(agent.id(), agent.name(), agent.description(), agent.prompt(), agent.greeting(),
                agent.language(), agent.voice(), agent.model(), agent.status().wireName(), agent.published(),
                agent.version(), agent.createdAt(), agent.updatedAt(), agent.tester(), agent.testTargetAgentId(),
                tester.persona());
    }
}
