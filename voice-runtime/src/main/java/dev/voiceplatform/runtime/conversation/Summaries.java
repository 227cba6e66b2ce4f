package dev.voiceplatform.runtime.conversation;

import dev.voiceplatform.common.events.TranscriptEntry;
import java.util.ArrayList;
import java.util.List;

/** The deterministic summary of a call: who called, what was asked, whether a lead was taken, how it ended. */
public final class Summaries {

    private Summaries() {
    }

    public static String of(CallFacts call) {
        List<String> sentences = new ArrayList<>();
        sentences.add((call.inbound() ? "Inbound call from " : "Outbound call to ") + call.personNumber() + ".");
        if (!call.answered()) {
            sentences.add(switch (call.endReason()) {
                case "busy" -> "The line was busy.";
                case "no_answer" -> "Nobody answered.";
                case "hangup_requested" -> "The call was hung up before anyone answered.";
                default -> "The call did not connect (" + call.endReason() + ").";
            });
            return String.join(" ", sentences);
        }
        List<String> questions = call.transcript().stream()
                .filter(entry -> TranscriptEntry.USER.equals(entry.role()) && Utterances.isQuestion(entry.text()))
                .map(TranscriptEntry::text).toList();
        if (!questions.isEmpty()) {
            sentences.add("The caller asked: " + String.join(" ", questions));
        }
        if (call.leadPhone() != null) {
            sentences.add("Lead taken: " + call.leadName() + ", " + call.leadPhone() + ".");
        }
        if (call.doNotCall()) {
            sentences.add("The caller asked not to be called again.");
        }
        sentences.add(switch (call.endReason()) {
            case "agent_ended" -> "The agent ended the call.";
            case "caller_hung_up" -> "The caller hung up.";
            case "hangup_requested" -> "The call was hung up on request.";
            case "max_duration" -> "The call reached its maximum duration.";
            case "silence_timeout" -> "The call ended after a long silence.";
            case "voicemail" -> "A voicemail greeting answered.";
            default -> "The call ended (" + call.endReason() + ").";
        });
        return String.join(" ", sentences);
    }
}
