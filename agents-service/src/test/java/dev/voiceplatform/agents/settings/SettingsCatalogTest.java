package dev.voiceplatform.agents.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The catalogue against part 2.4 and against docs/agent-settings.md. */
class SettingsCatalogTest {

    /** Every key the table of part 2.4 names, area by area. */
    private static final List<String> NAMED_BY_THE_SPECIFICATION = List.of(
            "name", "description", "prompt", "greeting", "businessContext", "instructionsJson", "stageGraph",
            "dynamicVariables",
            "language", "languageMode", "multiLanguageSupport", "targetLanguage", "enableNaturalHebrew",
            "enableLiveTranslation", "enableLiveCaptions",
            "model", "engineADeployment", "engineCDeployment", "engineBDeployment", "region", "voice", "temperature",
            "reasoningEffort", "thinkingBudget", "enableThinkingMode", "fallbackModel", "fallbackThresholdMs",
            "enableFallback",
            "ttsProvider", "tts1VoiceId", "tts1Model", "voiceStability", "voiceSimilarityBoost",
            "engineANeuralVoiceId", "tts2VoiceId", "tts2Model", "tts2Speed", "tts2Volume", "tts2Emotion",
            "tts3VoiceId", "tts3Model", "tts4VoiceId", "tts4Location", "tts4SpeakingRate", "tts4VoiceCloneKey",
            "tts5Model", "tts5VoiceId", "tts5Prompt", "tts5Location", "speechRate",
            "sttProvider", "transcriptionProvider",
            "turnDetectorModel", "eagerness", "vadProvider", "vadThreshold", "vadSilenceMs", "vadPrefixPaddingMs",
            "vadStartSensitivity", "vadEndSensitivity", "minEndpointingDelay", "maxEndpointingDelay",
            "allowInterruptions", "inputAudioNoiseReduction", "noiseProfile", "enableAgc", "agcTargetLevelDB",
            "agcMaxGainDB",
            "agentSpeaksFirst", "greetingDelaySeconds", "callStartBufferSeconds", "responseStyle", "responseLength",
            "emotionDetection", "affectiveDialog", "proactiveAudio", "fillerEnabled", "fillerClipSet",
            "enableSearchGrounding", "receptionistPreset",
            "enableSilenceDetection", "silencePromptSeconds", "silencePromptMessage", "silenceTimeoutSeconds",
            "silenceGoodbyeMessage", "allowCallEnding", "endCallTriggerMode", "maxCallDurationSeconds",
            "enableHumanTransfer", "transferPhoneNumber", "transferType", "enableDtmfTransfer",
            "warmTransferTemplate", "warmTransferIncludeName", "warmTransferIncludePhone",
            "warmTransferIncludeHistory", "warmTransferIncludeEmotion", "warmTransferIncludeRecommendations",
            "enableVoicemailDetection", "voicemailAction", "voicemailTemplate", "voicemailDetectionMethod",
            "voicemailGreetingTimeout", "voicemailMaxSilence", "voicemailMinDuration",
            "recordingEnabled", "recordingConsentRequired", "recordingConsentMessage", "recordingConsentVoice",
            "recordingConsentVoiceProvider", "storeCallerDetails",
            "enableLeadCapture", "leadCaptureMethod", "customCaptureFields",
            "notifyEmail", "missedCallSmsEnabled", "missedCallSmsTemplate", "notificationChannel",
            "callbackAgentId", "callbackDelaySeconds",
            "calendarEnabled", "calendarProvider", "vendor1ApiKey", "vendor1EventTypeId", "agentTimezone",
            "webhook",
            "isTester", "testTargetAgentId",
            "engineLiveBackendModel", "engineLiveBackendProvider", "engineLiveMaxOutputTokens",
            "engineLiveServiceTier", "engineLiveVerbosity");

    private static final Pattern DOCUMENTED_KEY = Pattern.compile("^\\| `([A-Za-z0-9.]+)` \\|");

    @Test
    void theCatalogueHoldsEveryKeyOfTheSpecificationAndTheReadOnlyOnes() {
        Set<String> catalogue = names();
        assertEquals(133, NAMED_BY_THE_SPECIFICATION.size());
        assertTrue(catalogue.containsAll(NAMED_BY_THE_SPECIFICATION));
        Set<String> beyond = new LinkedHashSet<>(catalogue);
        NAMED_BY_THE_SPECIFICATION.forEach(beyond::remove);
        assertEquals(Set.of("status", "phoneNumber"), beyond);
        SettingsCatalog.keys().stream().filter(key -> beyond.contains(key.name()))
                .forEach(key -> assertEquals(SettingKey.Type.READ_ONLY, key.type(), key.name()));
    }

    @Test
    void theGroupsAndCredentialsAreThoseOfTheSpecification() {
        assertEquals(List.of("turnDetectorModel", "eagerness", "vadStartSensitivity", "vadEndSensitivity",
                "inputAudioNoiseReduction"), SettingsCatalog.turnDetectionGroup());
        assertEquals(List.of("tts4VoiceCloneKey", "vendor1ApiKey"), SettingsCatalog.keys().stream()
                .filter(SettingKey::credential).map(SettingKey::name).toList());
        assertEquals(List.of("webhook.secret", "vendor1ApiKey", "tts4VoiceCloneKey"), SettingsCatalog.CREDENTIALS);
        assertEquals(List.of("instructionsJson", "stageGraph", "dynamicVariables", "customCaptureFields", "webhook"),
                SettingsCatalog.keys().stream().filter(SettingKey::block).map(SettingKey::name).toList());
    }

    @Test
    void theDocumentationListsExactlyTheCataloguesKeysOnce() throws IOException {
        List<String> documented = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("..", "docs", "agent-settings.md"))) {
            Matcher matcher = DOCUMENTED_KEY.matcher(line);
            if (matcher.find()) {
                documented.add(matcher.group(1));
            }
        }
        assertEquals(List.copyOf(names()), documented);
    }

    private static Set<String> names() {
        Set<String> names = new LinkedHashSet<>();
        SettingsCatalog.keys().forEach(key -> names.add(key.name()));
        return names;
    }
}
