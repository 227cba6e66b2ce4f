package dev.voiceplatform.runtime.call.service;

import dev.voiceplatform.common.events.RuntimeAgentError;
import dev.voiceplatform.common.events.RuntimeCallAnswered;
import dev.voiceplatform.common.events.RuntimeCallEnded;
import dev.voiceplatform.common.events.RuntimeDoNotCallRequested;
import dev.voiceplatform.common.outbox.OutboxWriter;
import dev.voiceplatform.runtime.call.CallLine;
import dev.voiceplatform.runtime.call.CallOutcome;
import dev.voiceplatform.runtime.call.repository.CallRepository;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.UUID;

/**
 * Writes what happens on a line: the call's row and, in the same transaction, the runtime.events outbox row that
 * tells the calls service. The row's state decides races, so answered and ended are each reported at most once.
 */
@ApplicationScoped
public class OutcomeWriter {

    private final Pool pool;
    private final CallRepository calls;
    private final OutboxWriter outbox;

    public OutcomeWriter(Pool pool, CallRepository calls, OutboxWriter outbox) {
        this.pool = pool;
        this.calls = calls;
        this.outbox = outbox;
    }

    /** The dial was accepted: the call rings. False when the call id was dialled before. */
    public Uni<Boolean> ringing(CallLine line, Instant at) {
        return calls.insert(pool, line, CallRepository.RINGING, at, null);
    }

    /** An inbound call connected: its row and runtime.call.answered together. */
    public Uni<Void> connectedInbound(CallLine line, Instant at) {
        return pool.withTransaction(tx -> calls.insert(tx, line, CallRepository.CONNECTED, at, at)
                .chain(inserted -> inserted
                        ? outbox.append(tx, line.organizationId(), new RuntimeCallAnswered(line.id(), line.agentId(), at))
                        : Uni.createFrom().voidItem()));
    }

    public Uni<Void> answered(CallLine line, Instant at) {
        return pool.withTransaction(tx -> calls.markConnected(tx, line.id(), at).chain(marked -> marked
                ? outbox.append(tx, line.organizationId(), new RuntimeCallAnswered(line.id(), line.agentId(), at))
                : Uni.createFrom().voidItem()));
    }

    /** Ends the call with its outcome; false when it had ended already (nothing is written then). */
    public Uni<Boolean> ended(CallLine line, CallOutcome outcome) {
        return ended(line.id(), line.organizationId(), line.agentId(), outcome);
    }

    public Uni<Boolean> ended(UUID callId, UUID organizationId, UUID agentId,
            CallOutcome outcome) {
        return pool.withTransaction(tx -> calls.end(tx, callId, outcome).chain(ended -> ended
                ? outbox.append(tx, organizationId, endedEvent(callId, agentId, outcome)).replaceWith(true)
                : Uni.createFrom().item(false)));
    }

    public Uni<Void> agentError(CallLine line, String code, String message, Instant at) {
        return pool.withTransaction(tx -> outbox.append(tx, line.organizationId(),
                new RuntimeAgentError(line.id(), line.agentId(), code, message, at)));
    }

    public Uni<Void> doNotCall(CallLine line, String utterance, Instant at) {
        return pool.withTransaction(tx -> outbox.append(tx, line.organizationId(),
                new RuntimeDoNotCallRequested(line.id(), line.agentId(), line.personNumber(), utterance, at)));
    }

    static RuntimeCallEnded endedEvent(UUID callId, UUID agentId, CallOutcome outcome) {
        return new RuntimeCallEnded(callId, agentId, outcome.status(), outcome.endReason(), outcome.answeredAt(),
                outcome.endedAt(), outcome.duration(), outcome.cost(), outcome.summary(), outcome.transcript(),
                outcome.recordingAvailable());
    }
}
