package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.UUID;

/**
 * {@code number.bound}: a phone number of the organization now routes to the agent. Internal, never offered to
 * webhook subscribers. Keyed by the agent, so the binding changes of one agent reach consumers in order.
 */
public record NumberBound(
        @JsonProperty("phone_number_id") UUID phoneNumberId,
        @JsonProperty("phone_number") String phoneNumber,
        // Un-ignores what PlatformEvent#agentId hides: here the agent is part of the data.
        @JsonIgnore(false) @JsonProperty("agent_id") UUID agentId,
        @JsonProperty("bound_at") Instant boundAt) implements PlatformEvent {

    public static final String TYPE = "number.bound";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String topic() {
        return Topics.NUMBERS;
    }

    @Override
    public String aggregateKey() {
        return agentId.toString();
    }
}
