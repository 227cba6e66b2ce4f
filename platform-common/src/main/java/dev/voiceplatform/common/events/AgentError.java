package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.UUID;

/**
 * {@code agent.error}: an agent met an error it could not handle in the middle of a call (its language model failed,
 * its settings could not be read). Public, on the calls topic because it belongs to a call.
 *
 * @param errorCode a stable machine name of the failure (for example {@code language_model_failed})
 * @param message what went wrong, in words meant for the organization; never a credential or a stack trace
 */
public record AgentError(
        @JsonProperty("call_id") UUID callId,
        @JsonIgnore(false) @JsonProperty("agent_id") UUID agentId,
        @JsonProperty("error_code") String errorCode,
        String message,
        @JsonProperty("occurred_at") Instant occurredAt) implements PlatformEvent {

    public static final String TYPE = "agent.error";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String topic() {
        return Topics.CALLS;
    }

    @Override
    public String aggregateKey() {
        return callId.toString();
    }
}
