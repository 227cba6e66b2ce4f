package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.UUID;

/**
 * {@code runtime.agent.error}: the agent met an unhandled error mid-call. Internal; the calls service publishes it as
 * the public {@link AgentError}. Keyed by the call.
 */
public record RuntimeAgentError(
        @JsonProperty("call_id") UUID callId,
        @JsonIgnore(false) @JsonProperty("agent_id") UUID agentId,
        @JsonProperty("error_code") String errorCode,
        String message,
        @JsonProperty("occurred_at") Instant occurredAt) implements PlatformEvent {

    public static final String TYPE = "runtime.agent.error";

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
