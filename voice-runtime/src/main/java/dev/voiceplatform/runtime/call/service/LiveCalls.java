package dev.voiceplatform.runtime.call.service;

import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.events.TranscriptEntry;
import dev.voiceplatform.runtime.call.CallLine;
import dev.voiceplatform.runtime.call.CallOutcome;
import dev.voiceplatform.runtime.call.EndReasons;
import dev.voiceplatform.runtime.carrier.TestLine;
import dev.voiceplatform.runtime.config.RuntimeConfig;
import dev.voiceplatform.runtime.conversation.AgentSettings;
import dev.voiceplatform.runtime.conversation.AgentVoice;
import dev.voiceplatform.runtime.conversation.CallFacts;
import dev.voiceplatform.runtime.conversation.Templates;
import dev.voiceplatform.runtime.conversation.Utterances;
import dev.voiceplatform.runtime.media.RecordedTurn;
import dev.voiceplatform.runtime.media.RecordingStore;
import dev.voiceplatform.runtime.peers.Peers;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * The local carrier's live calls and the conversation engine that drives them. There is no thread or timer per call:
 * each call is a {@link LiveCall} whose next step falls due at an instant of the platform clock, and one periodic
 * sweep on the event loop takes every due step of every call that has no step in flight. Steps never block: the
 * database, the agents service, the language model and the recording (on a worker) are all asynchronous.
 */
@ApplicationScoped
public class LiveCalls {

    private static final Logger LOG = Logger.getLogger(LiveCalls.class);
    private static final String DEFAULT_GREETING = "Hello! How can I help you today?";

    private final Map<UUID, LiveCall> live = new ConcurrentHashMap<>();
    private final Vertx vertx;
    private final Clock clock;
    private final RuntimeConfig.Carrier carrier;
    private final Peers peers;
    private final AgentVoice voice;
    private final RecordingStore recordings;
    private final OutcomeWriter outcomes;
    private final LeadReporter leads;
    private final BigDecimal costPerSecond;
    private long sweepTimer = -1;

    public LiveCalls(Vertx vertx, Clock clock, RuntimeConfig config, Peers peers, AgentVoice voice,
            RecordingStore recordings, OutcomeWriter outcomes, LeadReporter leads) {
        this.vertx = vertx;
        this.clock = clock;
        this.carrier = config.carrier();
        this.peers = peers;
        this.voice = voice;
        this.recordings = recordings;
        this.outcomes = outcomes;
        this.leads = leads;
        this.costPerSecond = config.costPerSecond();
    }

    void onStart(@Observes StartupEvent event) {
        sweepTimer = vertx.setPeriodic(Math.max(1, carrier.tick().toMillis()), id -> sweep());
    }

    void onStop(@Observes ShutdownEvent event) {
        if (sweepTimer >= 0) {
            vertx.cancelTimer(sweepTimer);
        }
    }

    /** How many calls are live right now. */
    public int size() {
        return live.size();
    }

    /** What has been said so far on a live call (empty when it is not live), for tests that follow a call. */
    List<TranscriptEntry> transcriptOf(UUID callId) {
        LiveCall call = live.get(callId);
        return call == null ? List.of() : List.copyOf(call.transcript);
    }

    /** An outbound call starts ringing at the dialled number. */
    void ring(CallLine line, Instant now) {
        LiveCall call = new LiveCall(line, TestLine.of(line.to()));
        call.phase = LiveCall.Phase.RINGING;
        call.ringUntil = now.plus(call.testLine == TestLine.NO_ANSWER ? carrier.noAnswerTime() : carrier.ringTime());
        live.put(line.id(), call);
    }

    /** An inbound call is connected to its agent, whose settings were read when it was routed. */
    void connect(CallLine line, AgentSettings agent, Instant now) {
        LiveCall call = new LiveCall(line, TestLine.of(line.from()).asCaller());
        call.answeredAt = now;
        startConversation(call, agent, now);
        live.put(line.id(), call);
    }

    /** What a teardown found. */
    enum Teardown { CLOSED, REFUSED, NOT_LIVE }

    /**
     * Hangs up a live call of the organization: CLOSED once the line is closed (the outcome is written after),
     * REFUSED when the media layer keeps the line, NOT_LIVE when this runtime carries no such call.
     */
    Teardown hangUp(UUID callId, UUID organizationId, boolean mediaReleased) {
        LiveCall call = live.get(callId);
        if (call == null || !call.line.organizationId().equals(organizationId)) {
            return Teardown.NOT_LIVE;
        }
        if (call.closing.get()) {
            return Teardown.CLOSED;
        }
        if (!mediaReleased) {
            return Teardown.REFUSED;
        }
        finish(call, call.answeredAt != null ? CallOutcome.COMPLETED : CallOutcome.MISSED,
                EndReasons.HANGUP_REQUESTED).subscribe().with(done -> { },
                        failure -> LOG.errorf(failure, "The outcome of call %s could not be written", callId));
        return Teardown.CLOSED;
    }

    /** The line of a live call of the organization, or null. */
    CallLine lineOf(UUID callId, UUID organizationId) {
        LiveCall call = live.get(callId);
        return call != null && call.line.organizationId().equals(organizationId) ? call.line : null;
    }

    private void sweep() {
        Instant now = clock.instant();
        for (LiveCall call : live.values()) {
            if (call.closing.get() || !call.busy.compareAndSet(false, true)) {
                continue;
            }
            Uni<Void> step;
            try {
                step = step(call, now);
            } catch (RuntimeException e) {
                step = Uni.createFrom().failure(e);
            }
            step.onFailure().recoverWithUni(failure -> {
                LOG.errorf(failure, "Call %s failed", call.line.id());
                return finish(call, CallOutcome.FAILED, EndReasons.ERROR);
            }).subscribe().with(done -> call.busy.set(false), failure -> {
                LOG.errorf(failure, "The outcome of call %s could not be written", call.line.id());
                call.busy.set(false);
            });
        }
    }

    private Uni<Void> step(LiveCall call, Instant now) {
        return switch (call.phase) {
            case RINGING -> now.isBefore(call.ringUntil) ? done() : ringingEnds(call, now);
            case CONNECTING -> done();
            case TALKING -> talk(call, now);
        };
    }

    private Uni<Void> ringingEnds(LiveCall call, Instant now) {
        return switch (call.testLine) {
            case NO_ANSWER -> finish(call, CallOutcome.MISSED, EndReasons.NO_ANSWER);
            case BUSY -> finish(call, CallOutcome.FAILED, EndReasons.BUSY);
            default -> answer(call, DbTime.now(clock));
        };
    }

    private Uni<Void> answer(LiveCall call, Instant now) {
        call.phase = LiveCall.Phase.CONNECTING;
        call.answeredAt = now;
        return outcomes.answered(call.line, now)
                .chain(() -> peers.agentSettings(call.line.organizationId(), call.line.agentId())
                        .invoke(agent -> startConversation(call, agent, DbTime.now(clock)))
                        .replaceWithVoid()
                        .onFailure().recoverWithUni(failure -> agentUnavailable(call, failure)));
    }

    private Uni<Void> agentUnavailable(LiveCall call, Throwable failure) {
        LOG.warnf("The settings of agent %s could not be read for call %s: %s", call.line.agentId(),
                call.line.id(), failure.toString());
        String message = failure instanceof Peers.Refused refused && refused.status() == 404
                ? "The agent no longer exists" : "The agent's settings could not be read";
        return outcomes.agentError(call.line, "agent_settings_unavailable", message, DbTime.now(clock))
                .chain(() -> finish(call, CallOutcome.FAILED, EndReasons.AGENT_UNAVAILABLE));
    }

    private static void startConversation(LiveCall call, AgentSettings agent, Instant now) {
        call.agent = agent;
        call.agentsTurn = !call.person.speaksFirst() && agent.agentSpeaksFirst();
        call.nextTurnAt = now;
        call.phase = LiveCall.Phase.TALKING;
    }

    private Uni<Void> talk(LiveCall call, Instant now) {
        if (!now.isBefore(call.answeredAt.plusSeconds(call.agent.maxCallDurationSeconds()))) {
            return finish(call, CallOutcome.COMPLETED, EndReasons.MAX_DURATION);
        }
        if (now.isBefore(call.nextTurnAt)) {
            return done();
        }
        Instant at = DbTime.now(clock);
        return call.agentsTurn ? agentTurn(call, at) : personTurn(call, at);
    }

    private Uni<Void> agentTurn(LiveCall call, Instant now) {
        AgentSettings agent = call.agent;
        if (!call.greeted) {
            call.greeted = true;
            String greeting = Templates.fill(agent.greeting(), call.line.metadata(), agent.dynamicVariables());
            call.say(TranscriptEntry.ASSISTANT, greeting == null || greeting.isBlank() ? DEFAULT_GREETING : greeting,
                    now);
            return handOver(call, now);
        }
        switch (call.closingReason) {
            case DO_NOT_CALL -> {
                call.say(TranscriptEntry.ASSISTANT, call.hebrew ? "הבנתי, לא נתקשר אליך שוב. להתראות."
                        : "I understand. We will not call you again. Goodbye.", now);
                return agent.agentMayEndCall() ? finish(call, CallOutcome.COMPLETED, EndReasons.AGENT_ENDED)
                        : handOver(call, now);
            }
            case GOODBYE -> {
                call.say(TranscriptEntry.ASSISTANT, call.hebrew ? "תודה שהתקשרת, להתראות!"
                        : "Thank you for calling. Goodbye!", now);
                return finish(call, CallOutcome.COMPLETED, EndReasons.AGENT_ENDED);
            }
            default -> {
                return voice.reply(agent, List.copyOf(call.transcript), !call.modelFailed).chain(line -> {
                    if (call.closing.get()) {
                        return done();
                    }
                    Instant said = DbTime.now(clock);
                    call.say(TranscriptEntry.ASSISTANT, line.text(), said);
                    Uni<Void> handed = handOver(call, said);
                    if (line.modelFailure() == null) {
                        return handed;
                    }
                    call.modelFailed = true;
                    return handed.chain(() -> outcomes.agentError(call.line, "model_error",
                            "The language model failed (" + line.modelFailure() + "); the built-in engine answered",
                            said));
                });
            }
        }
    }

    private Uni<Void> personTurn(LiveCall call, Instant now) {
        if (call.personHasMoreToSay()) {
            String said = call.person.lines().get(call.personLinesSaid);
            call.personLinesSaid++;
            call.say(TranscriptEntry.USER, said, now);
            call.lastCallerSpeechAt = now;
            call.silencePrompted = false;
            call.hebrew = Utterances.isHebrew(said);
            if (call.testLine == TestLine.VOICEMAIL && call.agent.enableVoicemailDetection()) {
                return voicemail(call, now);
            }
            capture(call, said);
            Uni<Void> effects = done();
            if (Utterances.asksNotToBeCalled(said)) {
                call.doNotCall = true;
                call.closingReason = LiveCall.Closing.DO_NOT_CALL;
                effects = outcomes.doNotCall(call.line, said, now);
            } else if (Utterances.isGoodbye(said) && call.agent.agentMayEndCall()) {
                call.closingReason = LiveCall.Closing.GOODBYE;
            }
            return effects.chain(() -> handOver(call, now));
        }
        if (call.person.hangsUpAfterLines() && !call.person.lines().isEmpty()) {
            return finish(call, CallOutcome.COMPLETED, EndReasons.CALLER_HUNG_UP);
        }
        return silence(call, now);
    }

    private Uni<Void> silence(LiveCall call, Instant now) {
        AgentSettings agent = call.agent;
        if (!agent.enableSilenceDetection()) {
            return done();
        }
        Instant since = call.lastCallerSpeechAt != null ? call.lastCallerSpeechAt : call.answeredAt;
        if (!now.isBefore(since.plusSeconds(agent.silenceTimeoutSeconds()))) {
            call.say(TranscriptEntry.ASSISTANT, agent.silenceGoodbyeMessage(), now);
            return finish(call, CallOutcome.COMPLETED, EndReasons.SILENCE_TIMEOUT);
        }
        if (!call.silencePrompted && !now.isBefore(since.plusSeconds(agent.silencePromptSeconds()))) {
            call.silencePrompted = true;
            call.say(TranscriptEntry.ASSISTANT, agent.silencePromptMessage(), now);
        }
        return done();
    }

    private Uni<Void> voicemail(LiveCall call, Instant now) {
        AgentSettings agent = call.agent;
        if (agent.voicemailAction() == AgentSettings.VoicemailAction.LEAVE_MESSAGE) {
            String template = agent.voicemailTemplate() != null ? agent.voicemailTemplate()
                    : "Hello, this is " + (agent.name() == null ? "your agent" : agent.name())
                            + ". Sorry we missed you; please call us back. Goodbye.";
            call.say(TranscriptEntry.ASSISTANT, Templates.fill(template, call.line.metadata(),
                    agent.dynamicVariables()), now);
        }
        return finish(call, CallOutcome.COMPLETED, EndReasons.VOICEMAIL);
    }

    private void capture(LiveCall call, String said) {
        if (!call.agent.enableLeadCapture()) {
            return;
        }
        Utterances.name(said).ifPresent(name -> call.capturedName = name);
        Utterances.phoneNumber(said).ifPresent(phone -> call.capturedPhone = phone);
        if (call.agent.leadCaptureMethod() != AgentSettings.LeadCaptureMethod.POSTCALL && call.capturedName != null
                && call.capturedPhone != null && !call.leadReported) {
            call.leadReported = true;
            leads.report(call.line, call.capturedName, call.capturedPhone);
        }
    }

    private Uni<Void> handOver(LiveCall call, Instant now) {
        call.agentsTurn = !call.agentsTurn;
        call.nextTurnAt = now.plus(carrier.turnPace());
        return done();
    }

    /**
     * Ends the call once, whoever asks first: renders the recording, words the summary, and writes the outcome with
     * its runtime.call.ended event; then reports a lead captured for after the call.
     */
    Uni<Void> finish(LiveCall call, String status, String endReason) {
        if (!call.closing.compareAndSet(false, true)) {
            return done();
        }
        Instant endedAt = DbTime.now(clock);
        Instant answeredAt = call.answeredAt;
        int seconds = CallOutcome.billedSeconds(answeredAt, endedAt);
        List<TranscriptEntry> transcript = List.copyOf(call.transcript);
        AgentSettings agent = call.agent;
        String leadPhone = postCallLeadPhone(call);
        CallFacts facts = new CallFacts(call.line.direction() == CallLine.Direction.INBOUND,
                call.line.personNumber(), answeredAt != null, status, endReason,
                call.capturedName, call.leadReported ? call.capturedPhone : leadPhone, call.doNotCall, transcript);
        Uni<Boolean> recording = answeredAt != null && agent != null && agent.recordingEnabled()
                ? recordings.store(call.line.id(), Duration.ofSeconds(seconds), turns(transcript, answeredAt))
                        .onFailure().recoverWithItem(failure -> {
                            LOG.errorf(failure, "The recording of call %s was not kept", call.line.id());
                            return false;
                        })
                : Uni.createFrom().item(false);
        return voice.summarize(agent, facts, !call.modelFailed)
                .chain(summary -> recording.map(kept -> new CallOutcome(status, endReason, answeredAt, endedAt,
                        seconds, CallOutcome.cost(seconds, costPerSecond), summary, transcript, kept)))
                .chain(outcome -> outcomes.ended(call.line, outcome)
                        .onFailure().retry().withBackOff(Duration.ofMillis(200), Duration.ofSeconds(5)).atMost(8))
                .invoke(() -> {
                    if (leadPhone != null && !call.leadReported) {
                        call.leadReported = true;
                        leads.report(call.line, call.capturedName, leadPhone);
                    }
                })
                .replaceWithVoid()
                .eventually(() -> live.remove(call.line.id()));
    }

    /** The number a lead is reported with after the call, or null when none is to be reported then. */
    private static String postCallLeadPhone(LiveCall call) {
        AgentSettings agent = call.agent;
        if (agent == null || !agent.enableLeadCapture() || call.capturedName == null
                || agent.leadCaptureMethod() == AgentSettings.LeadCaptureMethod.REALTIME) {
            return null;
        }
        return call.capturedPhone != null ? call.capturedPhone : call.line.personNumber();
    }

    private static List<RecordedTurn> turns(List<TranscriptEntry> transcript, Instant answeredAt) {
        return transcript.stream().map(entry -> new RecordedTurn(TranscriptEntry.ASSISTANT.equals(entry.role()),
                Duration.between(answeredAt, entry.timestamp()).isNegative() ? Duration.ZERO
                        : Duration.between(answeredAt, entry.timestamp()),
                entry.text().split("\\s+").length)).toList();
    }

    private static Uni<Void> done() {
        return Uni.createFrom().voidItem();
    }
}
