package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.UUID;

/**
 * {@code runtime.do_not_call.requested}: the person on the line asked not to be called again (in English or Hebrew).
 * Internal; the calls service puts the number on the organization's do-not-call list. Keyed by the call.
 *
 * @param phoneNumber the person's number in E.164
 * @param utterance what they said, kept as the reason on the list
 */
public record RuntimeDoNotCallRequested(
        @JsonProperty("call_id") UUID callId,
        @JsonIgnore(false) @JsonProperty("agent_id") UUID agentId,
        @JsonProperty("phone_number") String phoneNumber,
        String utterance,
        @JsonProperty("requested_at") Instant requestedAt) implements PlatformEvent {

    public static final String TYPE = "runtime.do_not_call.requested";

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
