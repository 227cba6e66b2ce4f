package dev.voiceplatform.runtime.carrier;

import java.util.List;

/**
 * What the simulated person (or voicemail box) at a {@link TestLine} says, turn by turn. Deterministic, so tests and
 * demos see the same conversation every time.
 *
 * @param lines what the person says, one entry per turn of theirs; after the last they stay on the line silently,
 *        unless {@code hangsUpAfterLines}
 * @param speaksFirst whether the line speaks before the agent whatever the agent's setting (a voicemail greeting)
 * @param hangsUpAfterLines whether the person hangs up when the agent answered their last line
 */
public record SimulatedPerson(List<String> lines, boolean speaksFirst, boolean hangsUpAfterLines) {

    public static final String NAME = "Dana Levi";
    public static final String PHONE_AS_SPOKEN = "+1 415 555 0142";

    public static SimulatedPerson at(TestLine line) {
        return switch (line) {
            case SILENT, SILENT_TEARDOWN_REFUSED -> new SimulatedPerson(List.of(), false, false);
            case VOICEMAIL -> new SimulatedPerson(List.of(
                    "Hi, you have reached the voicemail of " + NAME + ". Please leave a message after the tone."),
                    true, true);
            case DO_NOT_CALL_ENGLISH -> new SimulatedPerson(List.of(
                    "Hello, who is this?",
                    "Please don't call me again."), false, true);
            case DO_NOT_CALL_HEBREW -> new SimulatedPerson(List.of(
                    "הלו, מי זה?",
                    "אל תתקשרו אליי יותר."), false, true);
            default -> new SimulatedPerson(List.of(
                    "Hi, this is Dana.",
                    "What are your opening hours?",
                    "My name is " + NAME + " and my number is " + PHONE_AS_SPOKEN + ".",
                    "That's all, thank you. Goodbye!"), false, true);
        };
    }
}
