package dev.voiceplatform.agents.agent.service;

import dev.voiceplatform.agents.agent.Agent;
import java.util.List;

/** An agent with the numbers routing to it, first bound first, as the numbers service last announced them. */
public record AgentWithNumbers(Agent agent, List<String> phoneNumbers) {

    public AgentWithNumbers {
        phoneNumbers = List.copyOf(phoneNumbers);
    }

    /** The first number bound to the agent; null when none routes to it. */
    public String firstNumber() {
        return phoneNumbers.isEmpty() ? null : phoneNumbers.get(0);
    }
}
