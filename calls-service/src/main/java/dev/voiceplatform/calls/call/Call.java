package dev.voiceplatform.calls.call;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.events.CallEnded;
import dev.voiceplatform.common.events.CallStarted;
import dev.voiceplatform.common.events.TranscriptEntry;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One call record. For an outbound call the caller is the number dialled and the callee the organization's number,
 * when known (part 2.5). {@code transcript} is null until the runtime reports one; {@code keyId} names the API key
 * that placed an outbound call.
 */
public record Call(
        UUID id,
        UUID organizationId,
        UUID agentId,
        String agentName,
        String keyId,
        Direction direction,
        CallStatus status,
        String endReason,
        String caller,
        String callee,
        Instant startedAt,
        Instant endedAt,
        Integer duration,
        BigDecimal cost,
        String summary,
        List<TranscriptEntry> transcript,
        boolean recordingAvailable,
        ObjectNode metadata,
        boolean holdsLiveSlot,
        Instant createdAt,
        Instant updatedAt) {

    /** An amount as the API shows it: without trailing zeros, never in exponent form. */
    public static BigDecimal plain(BigDecimal amount) {
        if (amount == null) {
            return null;
        }
        BigDecimal stripped = amount.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }

    public CallStarted started() {
        return new CallStarted(id, agentId, agentName, direction.wireName(), caller, callee, status.wireName(),
                startedAt, metadata);
    }

    public CallEnded ended() {
        return new CallEnded(id, agentId, agentName, direction.wireName(), status.wireName(), endReason, caller, callee,
                startedAt, endedAt, duration == null ? 0 : duration, cost, summary,
                transcript == null ? List.of() : transcript, recordingAvailable, metadata);
    }
}
