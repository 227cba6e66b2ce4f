package dev.voiceplatform.agents.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.agents.agent.Agent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings document of part 2.4 as GET and PATCH /agents/:id/config answer it: every key of the catalogue
 * present, null when unset, credentials always null.
 */
public final class SettingsDocument {

    private SettingsDocument() {
    }

    /** The document of GET; {@code phoneNumber} is the first number routing to the agent, or null. */
    public static Map<String, Object> of(Agent agent, String phoneNumber) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("id", agent.id());
        document.put("name", agent.name());
        document.put("status", agent.status().wireName());
        document.put("published", agent.published());
        document.put("version", agent.version());
        document.put("updated_at", agent.updatedAt());
        document.put("config", config(agent, phoneNumber));
        ObjectNode configured = JsonNodeFactory.instance.objectNode();
        for (String credential : SettingsCatalog.CREDENTIALS) {
            configured.put(credential, agent.secrets().hasNonNull(credential));
        }
        document.put("secrets_configured", configured);
        return document;
    }

    /** The document of PATCH: as GET, with warnings and ignored_empty_fields when there are any. */
    public static Map<String, Object> afterPatch(Agent agent, String phoneNumber, List<String> ignoredEmptyFields) {
        Map<String, Object> document = of(agent, phoneNumber);
        List<Map<String, String>> warnings = warnings(agent.settings(), agent.secrets());
        if (!warnings.isEmpty()) {
            document.put("warnings", warnings);
        }
        if (!ignoredEmptyFields.isEmpty()) {
            document.put("ignored_empty_fields", ignoredEmptyFields);
        }
        return document;
    }

    private static ObjectNode config(Agent agent, String phoneNumber) {
        ObjectNode config = JsonNodeFactory.instance.objectNode();
        for (SettingKey key : SettingsCatalog.keys()) {
            config.set(key.name(), value(key, agent, phoneNumber));
        }
        return config;
    }

    private static JsonNode value(SettingKey key, Agent agent, String phoneNumber) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        return switch (key.storage()) {
            case AGENT -> nodes.textNode(switch (key.name()) {
                case "name" -> agent.name();
                case "description" -> agent.description();
                case "prompt" -> agent.prompt();
                case "greeting" -> agent.greeting();
                case "language" -> agent.language();
                case "voice" -> agent.voice();
                case "model" -> agent.model();
                default -> throw new IllegalStateException("No agent column for " + key.name());
            });
            case SETTINGS -> key.name().equals(SettingsCatalog.WEBHOOK)
                    ? orNull(WebhookBlock.readBack(agent.settings().get(SettingsCatalog.WEBHOOK)))
                    : orNull(agent.settings().get(key.name()));
            case SECRETS -> nodes.nullNode();
            case DERIVED -> switch (key.name()) {
                case SettingsCatalog.STATUS -> nodes.textNode(agent.status().wireName());
                case SettingsCatalog.PHONE_NUMBER -> nodes.textNode(phoneNumber);
                case SettingsCatalog.IS_TESTER -> BooleanNode.valueOf(agent.tester());
                case SettingsCatalog.TEST_TARGET_AGENT_ID -> nodes.textNode(
                        agent.testTargetAgentId() == null ? null : agent.testTargetAgentId().toString());
                default -> throw new IllegalStateException("No derived value for " + key.name());
            };
        };
    }

    private static JsonNode orNull(JsonNode value) {
        return value == null ? JsonNodeFactory.instance.nullNode() : value;
    }

    /**
     * Settings that are valid each on its own but do nothing together; saved as sent, since the editor saves
     * half-finished work, and pointed out.
     */
    static List<Map<String, String>> warnings(ObjectNode settings, ObjectNode secrets) {
        List<Map<String, String>> warnings = new ArrayList<>();
        boolean calendar = settings.path("calendarEnabled").asBoolean(false);
        String provider = settings.path("calendarProvider").asText("none");
        if (calendar && provider.equals("none")) {
            warnings.add(warning("calendarProvider", "calendarEnabled is true but calendarProvider is none: the "
                    + "agent cannot book appointments"));
        }
        if (calendar && provider.equals("vendor1") && !secrets.hasNonNull("vendor1ApiKey")) {
            warnings.add(warning("vendor1ApiKey", "calendarProvider is vendor1 but no vendor1ApiKey is stored: "
                    + "the agent cannot book appointments"));
        }
        if (settings.path("enableHumanTransfer").asBoolean(false) && !settings.hasNonNull("transferPhoneNumber")) {
            warnings.add(warning("transferPhoneNumber", "enableHumanTransfer is true but no transferPhoneNumber is "
                    + "set: callers cannot be transferred"));
        }
        if (settings.path("missedCallSmsEnabled").asBoolean(false)
                && !settings.hasNonNull("missedCallSmsTemplate")) {
            warnings.add(warning("missedCallSmsTemplate", "missedCallSmsEnabled is true but no "
                    + "missedCallSmsTemplate is set: the platform's default text is sent"));
        }
        if (settings.path("recordingConsentRequired").asBoolean(false) && !settings.path("recordingEnabled")
                .asBoolean(true)) {
            warnings.add(warning("recordingConsentRequired", "recordingConsentRequired is true but recording is "
                    + "off: callers are asked for consent to nothing"));
        }
        return warnings;
    }

    private static Map<String, String> warning(String field, String message) {
        Map<String, String> warning = new LinkedHashMap<>();
        warning.put("field", field);
        warning.put("message", message);
        return warning;
    }
}
