package dev.voiceplatform.runtime.call.service;

import dev.voiceplatform.common.events.TranscriptEntry;
import dev.voiceplatform.runtime.call.CallLine;
import dev.voiceplatform.runtime.carrier.SimulatedPerson;
import dev.voiceplatform.runtime.carrier.TestLine;
import dev.voiceplatform.runtime.conversation.AgentSettings;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One live call: a small state machine the carrier's sweep advances ({@link LiveCalls}). Only the step holding
 * {@link #busy} changes the conversation; {@link #closing} is taken once, by whatever ends the call first (a step, a
 * teardown), and every step checks it before acting. A few hundred bytes per call plus its transcript.
 */
final class LiveCall {

    enum Phase { RINGING, CONNECTING, TALKING }

    /** Why the agent will end the call at its next turn. */
    enum Closing { NONE, GOODBYE, DO_NOT_CALL }

    final CallLine line;
    final TestLine testLine;
    final SimulatedPerson person;
    final AtomicBoolean busy = new AtomicBoolean();
    final AtomicBoolean closing = new AtomicBoolean();
    final List<TranscriptEntry> transcript = new CopyOnWriteArrayList<>();

    volatile Phase phase;
    volatile Instant ringUntil;
    volatile Instant answeredAt;
    volatile AgentSettings agent;
    volatile Instant nextTurnAt;
    volatile boolean agentsTurn;
    volatile boolean greeted;
    volatile int personLinesSaid;
    volatile Closing closingReason = Closing.NONE;
    volatile boolean hebrew;
    volatile Instant lastCallerSpeechAt;
    volatile boolean silencePrompted;
    volatile String capturedName;
    volatile String capturedPhone;
    volatile boolean leadReported;
    volatile boolean doNotCall;
    volatile boolean modelFailed;

    LiveCall(CallLine line, TestLine testLine) {
        this.line = line;
        this.testLine = testLine;
        this.person = SimulatedPerson.at(testLine);
    }

    boolean personHasMoreToSay() {
        return personLinesSaid < person.lines().size();
    }

    void say(String role, String text, Instant at) {
        transcript.add(new TranscriptEntry(role, text, at));
    }
}
