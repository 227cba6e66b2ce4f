package dev.voiceplatform.calls.call.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.calls.call.Call;
import dev.voiceplatform.common.events.TranscriptEntry;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A call as the API answers it (part 2.5). {@code recording_url} appears only when a recording exists, and
 * {@code transcript} only on the single-call read (an empty list until the runtime reports one).
 */
public record CallOut(
        UUID id,
        String status,
        String direction,
        String caller,
        String callee,
        AgentRef agent,
        @JsonProperty("started_at") Instant startedAt,
        @JsonProperty("ended_at") Instant endedAt,
        Integer duration,
        String summary,
        @JsonProperty("recording_url") @JsonInclude(JsonInclude.Include.NON_NULL) String recordingUrl,
        BigDecimal cost,
        JsonNode metadata,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<TranscriptEntry> transcript) {

    /** The agent of the call. */
    public record AgentRef(UUID id, String name) {
    }

    static CallOut listed(Call call, String recordingUrl) {
        return of(call, recordingUrl, null);
    }

    static CallOut single(Call call, String recordingUrl) {
        return of(call, recordingUrl, call.transcript() == null ? List.of() : call.transcript());
    }

    private static CallOut of(Call call, String recordingUrl, List<TranscriptEntry> transcript) {
        return new CallOut(call.id(), call.status().wireName(), call.direction().wireName(), call.caller(), call.callee(),
                new AgentRef(call.agentId(), call.agentName()), call.startedAt(), call.endedAt(), call.duration(),
                call.summary(), call.recordingAvailable() ? recordingUrl : null, call.cost(), call.metadata(),
                transcript);
    }
}
