package dev.voiceplatform.agents.agent.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.service.AgentWithNumbers;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** An agent in a list and in GET /agents/:id (part 2.3). Phone numbers are omitted when none route to it. */
public record AgentItem(
        UUID id,
        String name,
        @JsonProperty("phone_number") @JsonInclude(JsonInclude.Include.NON_NULL) String phoneNumber,
        @JsonProperty("phone_numbers") @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> phoneNumbers,
        String language,
        @JsonProperty("is_active") boolean isActive,
        String status,
        @JsonProperty("created_at") Instant createdAt) {

    /** The item with the numbers routing to the agent, first bound first; the first is {@code phone_number}. */
    public static AgentItem of(AgentWithNumbers listed) {
        Agent agent = listed.agent();
        return new AgentItem(agent.id(), agent.name(), listed.firstNumber(), listed.phoneNumbers(), agent.language(),
                agent.published(), agent.status().wireName(), agent.createdAt());
    }
}
