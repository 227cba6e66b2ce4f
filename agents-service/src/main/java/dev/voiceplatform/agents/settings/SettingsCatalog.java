package dev.voiceplatform.agents.settings;

import dev.voiceplatform.agents.agent.VoiceCatalog;
import dev.voiceplatform.agents.agent.rest.AgentInput;
import dev.voiceplatform.agents.settings.SettingKey.Storage;
import dev.voiceplatform.agents.settings.SettingKey.Type;
import dev.voiceplatform.common.api.EmailAddresses;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every key of the settings document (part 2.4), in the order the document shows them. Validation, the document
 * read back and {@code docs/agent-settings.md} all come from this one list.
 */
public final class SettingsCatalog {

    public static final String WEBHOOK = "webhook";
    public static final String WEBHOOK_SECRET = "webhook.secret";
    public static final String STATUS = "status";
    public static final String PHONE_NUMBER = "phoneNumber";
    public static final String IS_TESTER = "isTester";
    public static final String TEST_TARGET_AGENT_ID = "testTargetAgentId";

    /** The write-only credentials, by the names {@code secrets_configured} uses. */
    public static final List<String> CREDENTIALS = List.of(WEBHOOK_SECRET, "vendor1ApiKey", "tts4VoiceCloneKey");

    private static final List<String> TTS_PROVIDERS = List.of("native", "engineA-neural", "tts1", "tts2", "tts3",
            "tts4", "tts5");
    private static final List<String> STT_PROVIDERS = List.of("native", "stt1", "stt2", "stt3");
    private static final List<String> LEVELS = List.of("low", "medium", "high");

    private static final Map<String, SettingKey> KEYS = new LinkedHashMap<>();

    static {
        String area = "Identity and prompt";
        column("name", Type.TEXT, AgentInput.NAME_MAX, null, area);
        column("description", Type.TEXT, AgentInput.DESCRIPTION_MAX, null, area);
        column("prompt", Type.TEXT, AgentInput.PROMPT_MAX, null, area);
        column("greeting", Type.TEXT, AgentInput.GREETING_MAX, null, area);
        text("businessContext", 20_000, area);
        block("instructionsJson", area);
        block("stageGraph", area);
        block("dynamicVariables", area);

        area = "Language";
        column("language", Type.LANGUAGE, 35, "en", area);
        enumeration("languageMode", List.of("fixed", "follow_caller"), "fixed", area);
        bool("multiLanguageSupport", "false", area);
        add("targetLanguage", Type.LANGUAGE, Storage.SETTINGS, List.of(), null, 35, null, false, area);
        bool("enableNaturalHebrew", "false", area);
        bool("enableLiveTranslation", "false", area);
        bool("enableLiveCaptions", "false", area);

        area = "Voice engine";
        column("model", Type.MODEL, null, VoiceCatalog.DEFAULT_MODEL, area);
        enumeration("engineADeployment", List.of("realtime", "realtime-mini", "realtime-preview"), "realtime", area);
        enumeration("engineCDeployment", List.of("direct", "direct-mini"), "direct", area);
        enumeration("engineBDeployment", List.of("live-flash", "live-flash-native-audio", "live-pro"), "live-flash",
                area);
        enumeration("region", List.of("us-east", "us-west", "eu-west", "eu-central", "me-central"), "us-east", area);
        column("voice", Type.VOICE, null, "the engine's default voice", area);
        number("temperature", 0.0, 2.0, "0.8", area);
        enumeration("reasoningEffort", List.of("minimal", "low", "medium", "high"), "low", area);
        integer("thinkingBudget", 0, 24_576, "0", area);
        bool("enableThinkingMode", "false", area);
        add("fallbackModel", Type.MODEL, Storage.SETTINGS, List.of(), null, null, null, false, area);
        integer("fallbackThresholdMs", 500, 30_000, "3000", area);
        bool("enableFallback", "false", area);

        area = "Text to speech";
        enumeration("ttsProvider", TTS_PROVIDERS, "native", area);
        text("tts1VoiceId", 100, area);
        text("tts1Model", 100, area);
        number("voiceStability", 0.0, 1.0, "0.5", area);
        number("voiceSimilarityBoost", 0.0, 1.0, "0.75", area);
        text("engineANeuralVoiceId", 100, area);
        text("tts2VoiceId", 100, area);
        text("tts2Model", 100, area);
        number("tts2Speed", 0.5, 2.0, "1.0", area);
        number("tts2Volume", 0.1, 2.0, "1.0", area);
        enumeration("tts2Emotion", List.of("neutral", "happy", "sad", "angry", "fearful", "disgusted", "surprised"),
                "neutral", area);
        text("tts3VoiceId", 100, area);
        text("tts3Model", 100, area);
        text("tts4VoiceId", 100, area);
        text("tts4Location", 50, area);
        number("tts4SpeakingRate", 0.25, 4.0, "1.0", area);
        credential("tts4VoiceCloneKey", area);
        text("tts5Model", 100, area);
        text("tts5VoiceId", 100, area);
        text("tts5Prompt", 2_000, area);
        text("tts5Location", 50, area);
        number("speechRate", 0.5, 2.0, "1.0", area);

        area = "Speech to text";
        enumeration("sttProvider", STT_PROVIDERS, "native", area);
        enumeration("transcriptionProvider", STT_PROVIDERS, "native", area);

        area = "Turn taking";
        turnDetection("turnDetectorModel", TurnDetection.DETECTORS, "SEMANTIC_VAD", area);
        turnDetection("eagerness", List.of("auto", "low", "medium", "high"), "auto", area);
        enumeration("vadProvider", List.of("native", "silero"), "native", area);
        number("vadThreshold", 0.0, 1.0, "0.5", area);
        integer("vadSilenceMs", 100, 5_000, "500", area);
        integer("vadPrefixPaddingMs", 0, 2_000, "300", area);
        turnDetection("vadStartSensitivity", LEVELS, "medium", area);
        turnDetection("vadEndSensitivity", LEVELS, "medium", area);
        number("minEndpointingDelay", 0.0, 5.0, "0.5", area);
        number("maxEndpointingDelay", 0.0, 10.0, "3.0", area);
        bool("allowInterruptions", "true", area);
        turnDetection("inputAudioNoiseReduction", List.of("none", "near_field", "far_field"), "none", area);
        enumeration("noiseProfile", List.of("quiet", "office", "street", "call_center"), "office", area);
        bool("enableAgc", "false", area);
        number("agcTargetLevelDB", -40.0, 0.0, "-18", area);
        number("agcMaxGainDB", 0.0, 40.0, "20", area);

        area = "Conversation";
        bool("agentSpeaksFirst", "true", area);
        number("greetingDelaySeconds", 0.0, 10.0, "0", area);
        number("callStartBufferSeconds", 0.0, 5.0, "0", area);
        enumeration("responseStyle", List.of("professional", "friendly", "casual", "formal"), "friendly", area);
        enumeration("responseLength", List.of("short", "medium", "long"), "short", area);
        bool("emotionDetection", "false", area);
        bool("affectiveDialog", "false", area);
        bool("proactiveAudio", "false", area);
        bool("fillerEnabled", "false", area);
        enumeration("fillerClipSet", List.of("standard", "casual", "formal"), "standard", area);
        bool("enableSearchGrounding", "false", area);
        enumeration("receptionistPreset", List.of("none", "general", "medical", "legal", "restaurant",
                "real_estate", "salon"), "none", area);

        area = "Silence and ending";
        bool("enableSilenceDetection", "true", area);
        integer("silencePromptSeconds", 3, 60, "10", area);
        text("silencePromptMessage", 500, area);
        integer("silenceTimeoutSeconds", 5, 300, "30", area);
        text("silenceGoodbyeMessage", 500, area);
        bool("allowCallEnding", "true", area);
        enumeration("endCallTriggerMode", List.of("auto", "goodbye_only", "never"), "auto", area);
        integer("maxCallDurationSeconds", 60, 7_200, "1800", area);

        area = "Transfer";
        bool("enableHumanTransfer", "false", area);
        add("transferPhoneNumber", Type.PHONE, Storage.SETTINGS, List.of(), null, null, null, false, area);
        enumeration("transferType", List.of("cold", "warm"), "cold", area);
        bool("enableDtmfTransfer", "false", area);
        text("warmTransferTemplate", 2_000, area);
        bool("warmTransferIncludeName", "true", area);
        bool("warmTransferIncludePhone", "true", area);
        bool("warmTransferIncludeHistory", "true", area);
        bool("warmTransferIncludeEmotion", "false", area);
        bool("warmTransferIncludeRecommendations", "false", area);

        area = "Voicemail";
        bool("enableVoicemailDetection", "false", area);
        enumeration("voicemailAction", List.of("HANGUP", "LEAVE_MESSAGE", "SCHEDULE_CALLBACK"), "HANGUP", area);
        text("voicemailTemplate", 2_000, area);
        enumeration("voicemailDetectionMethod", List.of("HYBRID", "LLM", "HEURISTIC", "CARRIER_AMD"), "HYBRID",
                area);
        integer("voicemailGreetingTimeout", 3, 10, "5", area);
        integer("voicemailMaxSilence", 1, 5, "2", area);
        integer("voicemailMinDuration", 1, 5, "2", area);

        area = "Recording and consent";
        bool("recordingEnabled", "true", area);
        bool("recordingConsentRequired", "false", area);
        text("recordingConsentMessage", 500, area);
        text("recordingConsentVoice", 100, area);
        enumeration("recordingConsentVoiceProvider", TTS_PROVIDERS, "native", area);
        bool("storeCallerDetails", "true", area);

        area = "Leads";
        bool("enableLeadCapture", "true", area);
        enumeration("leadCaptureMethod", List.of("realtime", "postcall", "both"), "postcall", area);
        block("customCaptureFields", area);

        area = "Notifications";
        add("notifyEmail", Type.EMAIL, Storage.SETTINGS, List.of(), null, EmailAddresses.MAX_LENGTH, null, false,
                area);
        bool("missedCallSmsEnabled", "false", area);
        text("missedCallSmsTemplate", 500, area);
        enumeration("notificationChannel", List.of("sms", "chat-app"), "sms", area);

        area = "Callbacks";
        add("callbackAgentId", Type.AGENT_ID, Storage.SETTINGS, List.of(), null, null, null, false, area);
        integer("callbackDelaySeconds", 0, 86_400, "300", area);

        area = "Calendar";
        bool("calendarEnabled", "false", area);
        enumeration("calendarProvider", List.of("none", "vendor1", "suite-a"), "none", area);
        credential("vendor1ApiKey", area);
        text("vendor1EventTypeId", 100, area);
        add("agentTimezone", Type.TIMEZONE, Storage.SETTINGS, List.of(), null, null, null, false, area);

        area = "Webhook";
        block(WEBHOOK, area);

        area = "Testing";
        add(IS_TESTER, Type.BOOLEAN, Storage.DERIVED, List.of(), null, null, "false", false, area);
        add(TEST_TARGET_AGENT_ID, Type.AGENT_ID, Storage.DERIVED, List.of(), null, null, null, false, area);

        area = "Live engine";
        text("engineLiveBackendModel", 100, area);
        enumeration("engineLiveBackendProvider", List.of("native", "engineA", "engineB"), "native", area);
        integer("engineLiveMaxOutputTokens", 1, 8_192, "1024", area);
        enumeration("engineLiveServiceTier", List.of("auto", "default", "flex", "priority"), "auto", area);
        enumeration("engineLiveVerbosity", LEVELS, "medium", area);

        area = "Read-only";
        add(STATUS, Type.READ_ONLY, Storage.DERIVED, List.of(), null, null, null, false, area);
        add(PHONE_NUMBER, Type.READ_ONLY, Storage.DERIVED, List.of(), null, null, null, false, area);
    }

    private SettingsCatalog() {
    }

    /** Every key in document order. */
    public static List<SettingKey> keys() {
        return Collections.unmodifiableList(new ArrayList<>(KEYS.values()));
    }

    public static Optional<SettingKey> key(String name) {
        return Optional.ofNullable(KEYS.get(name));
    }

    /** The keys of the turn-detection group (rule 6), completed from the stored agent when partly sent. */
    public static List<String> turnDetectionGroup() {
        return KEYS.values().stream().filter(SettingKey::turnDetection).map(SettingKey::name).toList();
    }

    private static void column(String name, Type type, Integer maxCharacters, String defaultValue, String area) {
        add(name, type, Storage.AGENT, List.of(), null, maxCharacters, defaultValue, false, area);
    }

    private static void text(String name, int maxCharacters, String area) {
        add(name, Type.TEXT, Storage.SETTINGS, List.of(), null, maxCharacters, null, false, area);
    }

    private static void bool(String name, String defaultValue, String area) {
        add(name, Type.BOOLEAN, Storage.SETTINGS, List.of(), null, null, defaultValue, false, area);
    }

    private static void integer(String name, int min, int max, String defaultValue, String area) {
        add(name, Type.INTEGER, Storage.SETTINGS, List.of(), min, max, defaultValue, false, area);
    }

    private static void number(String name, double min, double max, String defaultValue, String area) {
        add(name, Type.NUMBER, Storage.SETTINGS, List.of(), min, max, defaultValue, false, area);
    }

    private static void enumeration(String name, List<String> allowed, String defaultValue, String area) {
        add(name, Type.ENUM, Storage.SETTINGS, allowed, null, null, defaultValue, false, area);
    }

    private static void turnDetection(String name, List<String> allowed, String defaultValue, String area) {
        add(name, Type.ENUM, Storage.SETTINGS, allowed, null, null, defaultValue, true, area);
    }

    private static void block(String name, String area) {
        add(name, Type.BLOCK, Storage.SETTINGS, List.of(), null, null, null, false, area);
    }

    private static void credential(String name, String area) {
        add(name, Type.CREDENTIAL, Storage.SECRETS, List.of(), null, 500, null, false, area);
    }

    private static void add(String name, Type type, Storage storage, List<String> allowed, Number min, Number max,
            String defaultValue, boolean turnDetection, String area) {
        if (KEYS.put(name, new SettingKey(name, type, storage, List.copyOf(allowed), min, max, defaultValue,
                turnDetection, area)) != null) {
            throw new IllegalStateException("Setting " + name + " is listed twice");
        }
    }
}
