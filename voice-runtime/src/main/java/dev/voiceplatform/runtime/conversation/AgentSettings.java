package dev.voiceplatform.runtime.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.UUID;

/**
 * An agent as the agents service describes it to the runtime (its internal settings answer), with the settings
 * document read through the defaults docs/agent-settings.md gives for keys that read null.
 */
public record AgentSettings(UUID agentId, UUID organizationId, String name, String status, boolean published,
        boolean tester, ObjectNode settings) {

    /** What the agent does when a voicemail greeting answers and detection is on. */
    public enum VoicemailAction { HANGUP, LEAVE_MESSAGE, SCHEDULE_CALLBACK }

    /** When captured leads are reported: during the call, after it, or both (one lead per call either way). */
    public enum LeadCaptureMethod { REALTIME, POSTCALL, BOTH }

    /** Reads the internal settings answer of the agents service. */
    public static AgentSettings of(JsonNode answer) {
        JsonNode settings = answer.path("settings");
        return new AgentSettings(UUID.fromString(answer.path("id").asText()),
                uuidOrNull(answer.path("organization_id").asText(null)),
                answer.path("name").asText(null), answer.path("status").asText(null),
                answer.path("published").asBoolean(false), answer.path("is_tester").asBoolean(false),
                settings.isObject() ? (ObjectNode) settings : JsonNodeFactory.instance.objectNode());
    }

    public String greeting() {
        return text("greeting", null);
    }

    public String prompt() {
        return text("prompt", "");
    }

    public String businessContext() {
        return text("businessContext", null);
    }

    public String language() {
        return text("language", "en");
    }

    public JsonNode dynamicVariables() {
        return settings.get("dynamicVariables");
    }

    public boolean agentSpeaksFirst() {
        return bool("agentSpeaksFirst", true);
    }

    public int maxCallDurationSeconds() {
        return integer("maxCallDurationSeconds", 1800);
    }

    /** Whether the agent may end the call itself (on goodbye, on a do-not-call request). */
    public boolean agentMayEndCall() {
        return bool("allowCallEnding", true) && !"never".equals(text("endCallTriggerMode", "auto"));
    }

    public boolean enableLeadCapture() {
        return bool("enableLeadCapture", true);
    }

    public LeadCaptureMethod leadCaptureMethod() {
        return switch (text("leadCaptureMethod", "postcall")) {
            case "realtime" -> LeadCaptureMethod.REALTIME;
            case "both" -> LeadCaptureMethod.BOTH;
            default -> LeadCaptureMethod.POSTCALL;
        };
    }

    public boolean recordingEnabled() {
        return bool("recordingEnabled", true);
    }

    public boolean enableVoicemailDetection() {
        return bool("enableVoicemailDetection", false);
    }

    public VoicemailAction voicemailAction() {
        return switch (text("voicemailAction", "HANGUP")) {
            case "LEAVE_MESSAGE" -> VoicemailAction.LEAVE_MESSAGE;
            case "SCHEDULE_CALLBACK" -> VoicemailAction.SCHEDULE_CALLBACK;
            default -> VoicemailAction.HANGUP;
        };
    }

    public String voicemailTemplate() {
        return text("voicemailTemplate", null);
    }

    public boolean enableSilenceDetection() {
        return bool("enableSilenceDetection", true);
    }

    public int silencePromptSeconds() {
        return integer("silencePromptSeconds", 10);
    }

    public String silencePromptMessage() {
        return text("silencePromptMessage", "Are you still there?");
    }

    public int silenceTimeoutSeconds() {
        return integer("silenceTimeoutSeconds", 30);
    }

    public String silenceGoodbyeMessage() {
        return text("silenceGoodbyeMessage", "I can't hear anyone, so I'll end the call now. Goodbye!");
    }

    public double temperature() {
        JsonNode value = settings.get("temperature");
        return value != null && value.isNumber() ? value.doubleValue() : 0.8;
    }

    private String text(String key, String fallback) {
        JsonNode value = settings.get(key);
        return value != null && value.isTextual() && !value.asText().isBlank() ? value.asText() : fallback;
    }

    private boolean bool(String key, boolean fallback) {
        JsonNode value = settings.get(key);
        return value != null && value.isBoolean() ? value.booleanValue() : fallback;
    }

    private int integer(String key, int fallback) {
        JsonNode value = settings.get(key);
        return value != null && value.canConvertToInt() && value.isIntegralNumber() ? value.intValue() : fallback;
    }

    private static UUID uuidOrNull(String raw) {
        try {
            return raw == null ? null : UUID.fromString(raw);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
