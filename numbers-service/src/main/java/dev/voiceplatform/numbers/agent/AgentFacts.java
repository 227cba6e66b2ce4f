package dev.voiceplatform.numbers.agent;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.UUID;

/** What the agents service says of an agent; fields this service does not use are ignored. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgentFacts(UUID id, @JsonProperty("is_tester") boolean isTester) {
}
