package dev.voiceplatform.agents.settings;

import dev.voiceplatform.common.error.FieldError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The turn-detection group (rule 6 of /config) checked as a whole, after a partial patch has been completed from
 * the stored agent: eagerness tunes the semantic detector only, and the start and end sensitivities tune detectors
 * that listen for voice activity, so a value meant for another detector would silently do nothing.
 */
final class TurnDetection {

    static final List<String> DETECTORS = List.of("SEMANTIC_VAD", "SERVER_VAD", "SILERO_VAD", "AUDIO",
            "MULTILINGUAL", "DISABLED");
    private static final Set<String> VOICE_ACTIVITY_DETECTORS = Set.of("SERVER_VAD", "SILERO_VAD", "AUDIO");

    private TurnDetection() {
    }

    /** Problems of the completed group (key to value, null when unset); the detector unset means the default. */
    static List<FieldError> check(Map<String, String> group) {
        String detector = group.get("turnDetectorModel") != null
                ? group.get("turnDetectorModel")
                : SettingsCatalog.key("turnDetectorModel").orElseThrow().defaultValue();
        List<FieldError> problems = new ArrayList<>();
        if (group.get("eagerness") != null && !detector.equals("SEMANTIC_VAD")) {
            problems.add(new FieldError("eagerness", "applies only when turnDetectorModel is SEMANTIC_VAD (it is "
                    + detector + "); send eagerness null with another detector"));
        }
        for (String sensitivity : List.of("vadStartSensitivity", "vadEndSensitivity")) {
            if (group.get(sensitivity) != null && !VOICE_ACTIVITY_DETECTORS.contains(detector)) {
                problems.add(new FieldError(sensitivity, "applies only when turnDetectorModel is one of "
                        + VOICE_ACTIVITY_DETECTORS.stream().sorted().toList() + " (it is " + detector
                        + "); send " + sensitivity + " null with another detector"));
            }
        }
        return problems;
    }
}
