package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * {@code runtime.call.ended}: the line is closed. Internal, from the voice runtime to the calls service, keyed by the
 * call. The runtime's outcome is final: the calls service applies the first one per call and ignores repeats.
 *
 * @param status completed, missed or failed (the call statuses of part 2.5)
 * @param endReason why: caller_hung_up, agent_ended, hangup_requested, max_duration, silence_timeout, no_answer, busy,
 *        voicemail, dial_failed, runtime_restarted, agent_unavailable, error
 * @param answeredAt when the line was answered; null when it never was
 * @param duration whole seconds from answer to end (0 when never answered)
 * @param cost the estimated cost in US dollars
 * @param recordingAvailable whether the media layer kept a recording of the call
 */
public record RuntimeCallEnded(
        @JsonProperty("call_id") UUID callId,
        @JsonIgnore(false) @JsonProperty("agent_id") UUID agentId,
        String status,
        @JsonProperty("end_reason") String endReason,
        @JsonProperty("answered_at") Instant answeredAt,
        @JsonProperty("ended_at") Instant endedAt,
        int duration,
        BigDecimal cost,
        String summary,
        List<TranscriptEntry> transcript,
        @JsonProperty("recording_available") boolean recordingAvailable) implements PlatformEvent {

    public static final String TYPE = "runtime.call.ended";

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
