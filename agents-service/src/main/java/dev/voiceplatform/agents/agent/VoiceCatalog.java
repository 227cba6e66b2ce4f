package dev.voiceplatform.agents.agent;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The voice engines (model values) of part 2.3 and the voices each engine speaks with. */
public final class VoiceCatalog {

    public static final String DEFAULT_MODEL = "engineA-realtime";
    /** The reserved model; it needs this entitlement. */
    public static final String RESERVED_MODEL = "engineB-aistudio";
    public static final String PREMIUM_MODELS_ENTITLEMENT = "premium-models";

    private static final List<String> ENGINE_A_VOICES = List.of(
            "alloy", "ash", "ballad", "cedar", "coral", "echo", "marin", "sage", "shimmer", "verse");
    /** The eight named by the specification first, then the rest of that engine's live voices. */
    private static final List<String> ENGINE_B_VOICES = List.of(
            "Charon", "Kore", "Puck", "Zephyr", "Aoede", "Fenrir", "Leda", "Orus",
            "Achernar", "Achird", "Algenib", "Algieba", "Alnilam", "Autonoe", "Callirrhoe", "Despina",
            "Enceladus", "Erinome", "Gacrux", "Iapetus", "Laomedeia", "Pulcherrima", "Rasalgethi",
            "Sadachbia", "Sadaltager", "Schedar", "Sulafat", "Umbriel", "Vindemiatrix", "Zubenelgenubi");

    private static final Map<String, Engine> ENGINES = Map.of(
            "engineA-realtime", new Engine(ENGINE_A_VOICES, "alloy"),
            "engineC-direct", new Engine(ENGINE_A_VOICES, "alloy"),
            "engineB-realtime", new Engine(ENGINE_B_VOICES, "Puck"),
            "engineB-aistudio", new Engine(ENGINE_B_VOICES, "Puck"));

    private record Engine(List<String> voices, String defaultVoice) {
    }

    private VoiceCatalog() {
    }

    public static boolean isModel(String model) {
        return ENGINES.containsKey(model);
    }

    public static Set<String> models() {
        return ENGINES.keySet();
    }

    public static boolean speaks(String model, String voice) {
        return Optional.ofNullable(ENGINES.get(model)).map(engine -> engine.voices().contains(voice)).orElse(false);
    }

    /** The voice an agent gets when it names a model but no voice. */
    public static String defaultVoice(String model) {
        return ENGINES.get(model).defaultVoice();
    }

    public static List<String> voices(String model) {
        return ENGINES.get(model).voices();
    }
}
