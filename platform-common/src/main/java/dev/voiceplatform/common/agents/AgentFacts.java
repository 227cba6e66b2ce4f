package dev.voiceplatform.common.agents;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.UUID;

/**
 * What the agents service says of an agent (its internal lookup); fields added later are ignored. {@code phoneNumber}
 * is the first number bound to the agent (E.164), null when none is.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgentFacts(
        UUID id,
        @JsonProperty("organization_id") UUID organizationId,
        String name,
        String status,
        boolean published,
        @JsonProperty("is_tester") boolean isTester,
        @JsonProperty("phone_number") String phoneNumber) {
}
