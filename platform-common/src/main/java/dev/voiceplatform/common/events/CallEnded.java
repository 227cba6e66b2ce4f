package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * {@code call.ended}: a call is over, whatever ended it (completed, missed, failed). Public. The fields part 6.1
 * names (call_id, agent_id, direction, status, duration, summary) plus the transcript and the rest of the record,
 * so a webhook consumer needs nothing else. {@code started_at} is null for a call that was never answered.
 */
public record CallEnded(
        @JsonProperty("call_id") UUID callId,
        @JsonIgnore(false) @JsonProperty("agent_id") UUID agentId,
        @JsonProperty("agent_name") String agentName,
        String direction,
        String status,
        @JsonProperty("end_reason") String endReason,
        String caller,
        String callee,
        @JsonProperty("started_at") Instant startedAt,
        @JsonProperty("ended_at") Instant endedAt,
        int duration,
        BigDecimal cost,
        String summary,
        List<TranscriptEntry> transcript,
        @JsonProperty("has_recording") boolean hasRecording,
        JsonNode metadata) implements PlatformEvent {

    public static final String TYPE = "call.ended";

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
