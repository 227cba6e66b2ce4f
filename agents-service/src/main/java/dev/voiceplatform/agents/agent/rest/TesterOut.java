package dev.voiceplatform.agents.agent.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.repository.AgentRepository;
import java.util.UUID;

/**
 * A tester agent as POST /agents/:id/tester answers it: the agent's create fields (part 2.3), and the testing keys
 * under their settings-document names (2.4: {@code isTester}, {@code testTargetAgentId}) with the caller persona.
 */
public record TesterOut(
        @JsonUnwrapped AgentOut agent,
        @JsonProperty("isTester") boolean isTester,
        @JsonProperty("testTargetAgentId") UUID testTargetAgentId,
        String persona) {

    public static TesterOut of(AgentRepository.TesterAgent tester) {
        Agent agent = tester.agent();
        return new TesterOut(AgentOut.of(agent), agent.tester(), agent.testTargetAgentId(), tester.persona());
    }
}
