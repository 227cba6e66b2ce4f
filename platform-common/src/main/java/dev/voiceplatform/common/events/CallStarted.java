package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.UUID;

/**
 * {@code call.started}: a call was answered and the agent is on the line. Public. Carries the whole call as it
 * stands, so a webhook consumer needs nothing else. For an outbound call the caller is the number dialled (part 6.2).
 */
public record CallStarted(
        @JsonProperty("call_id") UUID callId,
        @JsonIgnore(false) @JsonProperty("agent_id") UUID agentId,
        @JsonProperty("agent_name") String agentName,
        String direction,
        String caller,
        String callee,
        String status,
        @JsonProperty("started_at") Instant startedAt,
        JsonNode metadata) implements PlatformEvent {

    public static final String TYPE = "call.started";

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
