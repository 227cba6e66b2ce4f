package dev.voiceplatform.agents.agent.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.repository.AgentRepository;
import java.util.UUID;

/**
 * A tester agent as POST /agents/:id/tester answers it: an agent object, so snake_case as part 2.1 has it: the
 * agent's create fields (part 2.3), {@code is_tester} and {@code test_target_agent_id} (the settings document's
 * {@code isTester} and {@code testTargetAgentId}, named as the agent object names its fields), and the caller persona.
 */
public record TesterOut(
        @JsonUnwrapped AgentOut agent,
        @JsonProperty("is_tester") boolean isTester,
        @JsonProperty("test_target_agent_id") UUID testTargetAgentId,
        String persona) {

    public static TesterOut of(AgentRepository.TesterAgent tester) {
        Agent agent = tester.agent();
        return new TesterOut(AgentOut.of(agent), agent.tester(), agent.testTargetAgentId(), tester.persona());
    }
}
