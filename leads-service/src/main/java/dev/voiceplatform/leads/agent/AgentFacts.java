package dev.voiceplatform.leads.agent;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.UUID;

/** What the agents service says of an agent; fields this service does not use are ignored. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgentFacts(UUID id, String name, String status) {
}
