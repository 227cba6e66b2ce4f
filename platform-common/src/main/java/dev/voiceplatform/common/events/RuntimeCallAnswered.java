package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.UUID;

/**
 * {@code runtime.call.answered}: the line was picked up (by a person or a voicemail greeting) and the agent is
 * connected. Internal, from the voice runtime to the calls service, keyed by the call.
 */
public record RuntimeCallAnswered(
        @JsonProperty("call_id") UUID callId,
        @JsonIgnore(false) @JsonProperty("agent_id") UUID agentId,
        @JsonProperty("answered_at") Instant answeredAt) implements PlatformEvent {

    public static final String TYPE = "runtime.call.answered";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String topic() {
        return Topics.RUNTIME;
    }

    @Override
    public String aggregateKey() {
        return callId.toString();
    }
}
