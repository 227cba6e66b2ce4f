package dev.voiceplatform.runtime.call.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.runtime.call.CallLine;
import dev.voiceplatform.runtime.call.CallOutcome;
import dev.voiceplatform.runtime.call.EndReasons;
import dev.voiceplatform.runtime.call.repository.CallRepository;
import dev.voiceplatform.runtime.carrier.TestLine;
import dev.voiceplatform.runtime.conversation.AgentSettings;
import dev.voiceplatform.runtime.media.MediaLayer;
import dev.voiceplatform.runtime.media.RecordingStore;
import dev.voiceplatform.runtime.peers.Peers;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;

/** Dial, teardown, recordings and inbound calls: what the calls service and the carrier ask of the runtime. */
@ApplicationScoped
public class CallService {

    private static final Logger LOG = Logger.getLogger(CallService.class);

    private final Pool pool;
    private final CallRepository calls;
    private final OutcomeWriter outcomes;
    private final LiveCalls live;
    private final MediaLayer media;
    private final RecordingStore recordings;
    private final Peers peers;
    private final Clock clock;

    public CallService(Pool pool, CallRepository calls, OutcomeWriter outcomes, LiveCalls live, MediaLayer media,
            RecordingStore recordings, Peers peers, Clock clock) {
        this.pool = pool;
        this.calls = calls;
        this.outcomes = outcomes;
        this.live = live;
        this.media = media;
        this.recordings = recordings;
        this.peers = peers;
        this.clock = clock;
    }

    /**
     * Places an outbound call: the carrier refuses numbers ending 0003 (502 CALL_DISPATCH_FAILED, nothing rings);
     * otherwise the call's row is written and the line rings. A call id dialled before dials nothing again.
     */
    public Uni<Void> dial(CallLine line) {
        if (TestLine.of(line.to()) == TestLine.REFUSED) {
            return Uni.createFrom().failure(ApiException.of(ErrorCode.CALL_DISPATCH_FAILED,
                    "The carrier refused to dial " + line.to()));
        }
        Instant now = DbTime.now(clock);
        return outcomes.ringing(line, now).chain(inserted -> {
            if (inserted) {
                live.ring(line, now);
                return Uni.createFrom().voidItem();
            }
            return calls.find(pool, line.id()).map(existing -> {
                if (existing != null && !existing.organizationId().equals(line.organizationId())) {
                    throw ApiException.of(ErrorCode.CONFLICT, "This call id belongs to another call")
                            .withHint("Dial each call with its own id.");
                }
                return null;
            });
        });
    }

    /**
     * Hangs up a call of the organization. 404 when the runtime never had it; 200 when it had ended already;
     * 502 TEARDOWN_FAILED when the media layer keeps the line (the call stays connected).
     */
    public Uni<Void> teardown(UUID callId, UUID organizationId) {
        CallLine line = live.lineOf(callId, organizationId);
        if (line != null) {
            return switch (live.hangUp(callId, organizationId, media.release(line.personNumber()))) {
                case CLOSED -> Uni.createFrom().voidItem();
                case REFUSED -> Uni.createFrom().failure(ApiException.of(ErrorCode.TEARDOWN_FAILED,
                        "The media layer refused to close the line; the call is still connected"));
                case NOT_LIVE -> teardownStored(callId, organizationId);
            };
        }
        return teardownStored(callId, organizationId);
    }

    private Uni<Void> teardownStored(UUID callId, UUID organizationId) {
        return calls.find(pool, callId).chain(stored -> {
            if (stored == null || !stored.organizationId().equals(organizationId)) {
                return Uni.createFrom().failure(ApiException.notFound("Call"));
            }
            if (stored.ended()) {
                return Uni.createFrom().voidItem();
            }
            // A row without a line in memory: its line is gone, so the record is closed as the caller asked.
            Instant now = DbTime.now(clock);
            CallOutcome outcome = new CallOutcome(CallOutcome.COMPLETED, EndReasons.HANGUP_REQUESTED, null, now, 0,
                    BigDecimal.ZERO.setScale(4), "The call was hung up on request.", List.of(),
                    false);
            return outcomes.ended(callId, organizationId, stored.agentId(), outcome).replaceWithVoid();
        });
    }

    /** The recording of a call of the organization; 404 when there is none. */
    public Uni<RecordingStore.Recording> recording(UUID callId, UUID organizationId) {
        return calls.find(pool, callId).chain(stored -> {
            if (stored == null || !stored.organizationId().equals(organizationId) || !stored.recordingAvailable()) {
                return Uni.createFrom().failure(ApiException.notFound("Recording"));
            }
            return Uni.createFrom().item(() -> recordings.find(callId)
                            .orElseThrow(() -> ApiException.notFound("Recording")))
                    .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
        });
    }

    /** The calls service refused to open an inbound call's record; its answer is passed on as it came. */
    public static final class InboundRefused extends RuntimeException {
        private final int status;
        private final transient JsonNode body;

        InboundRefused(int status, JsonNode body) {
            super("the calls service refused the inbound call (" + status + ")");
            this.status = status;
            this.body = body;
        }

        public int status() {
            return status;
        }

        public JsonNode body() {
            return body;
        }
    }

    /**
     * The carrier delivers a call from {@code from} to the organization's number {@code to}: the number's agent
     * (404 when the number routes to none), published or not (part 3.1: an unpublished agent's bound number still
     * takes inbound calls), never a tester (409 AGENT_NOT_PUBLISHED: the carrier refuses the call and nothing is
     * recorded), then the calls service opens the record (a refusal such as 429 is passed on, and the carrier tears
     * the call down). Answers the call id once the agent is on the line.
     */
    public Uni<UUID> inbound(String from, String to) {
        return peers.route(to)
                .onFailure().transform(failure -> notFoundOrUnavailable(failure, "No agent answers " + to))
                .chain(route -> {
                    UUID organizationId = UUID.fromString(route.path("organization_id").asText());
                    UUID agentId = UUID.fromString(route.path("agent_id").asText());
                    return peers.agentSettings(organizationId, agentId)
                            .onFailure().transform(failure -> notFoundOrUnavailable(failure,
                                    "The agent of " + to + " no longer exists"))
                            .chain(agent -> {
                                if (agent.tester()) {
                                    return Uni.createFrom().failure(ApiException.of(ErrorCode.AGENT_NOT_PUBLISHED,
                                            "The agent of " + to + " is a tester, which never answers real calls"));
                                }
                                return open(organizationId, agent, from, to);
                            });
                });
    }

    private Uni<UUID> open(UUID organizationId, AgentSettings agent, String from, String to) {
        return peers.openInbound(organizationId, agent.agentId(), from, to)
                .onFailure(Peers.Refused.class).transform(failure -> {
                    Peers.Refused refused = (Peers.Refused) failure;
                    return refused.status() / 100 == 4 ? new InboundRefused(refused.status(), refused.body())
                            : unavailable(failure);
                })
                .onFailure(failure -> !(failure instanceof InboundRefused)).transform(CallService::unavailable)
                .chain(opened -> {
                    UUID callId = UUID.fromString(opened.path("call_id").asText());
                    JsonNode metadata = opened.path("metadata");
                    CallLine line = new CallLine(callId, organizationId, agent.agentId(), CallLine.Direction.INBOUND,
                            to, from, metadata.isObject() ? (ObjectNode) metadata
                                    : JsonNodeFactory.instance.objectNode());
                    Instant now = DbTime.now(clock);
                    return outcomes.connectedInbound(line, now)
                            .invoke(() -> live.connect(line, agent, now))
                            .replaceWith(callId);
                });
    }

    private static Throwable notFoundOrUnavailable(Throwable failure, String notFound) {
        if (failure instanceof Peers.Refused refused && refused.status() == 404) {
            return ApiException.of(ErrorCode.NOT_FOUND, notFound);
        }
        return unavailable(failure);
    }

    private static Throwable unavailable(Throwable failure) {
        if (failure instanceof ApiException) {
            return failure;
        }
        LOG.warnf("A platform service could not answer for an inbound call: %s", failure.toString());
        return ApiException.of(ErrorCode.SERVICE_UNAVAILABLE, "The call could not be connected right now");
    }
}
