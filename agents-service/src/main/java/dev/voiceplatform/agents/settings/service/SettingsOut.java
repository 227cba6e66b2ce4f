package dev.voiceplatform.agents.settings.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.settings.SettingKey;
import dev.voiceplatform.agents.settings.SettingsCatalog;
import dev.voiceplatform.agents.settings.WebhookBlock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The settings document of part 2.4 as GET and PATCH /agents/:id/config answer it: every key of the catalogue
 * present in {@code config}, null when unset, credentials always null. {@code warnings} and
 * {@code ignored_empty_fields} appear on a PATCH answer when there are any.
 */
public record SettingsOut(
        UUID id,
        String name,
        String status,
        boolean published,
        int version,
        @JsonProperty("updated_at") Instant updatedAt,
        ObjectNode config,
        @JsonProperty("secrets_configured") ObjectNode secretsConfigured,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Warning> warnings,
        @JsonProperty("ignored_empty_fields") @JsonInclude(JsonInclude.Include.NON_EMPTY)
        List<String> ignoredEmptyFields) {

    /** A setting that is valid on its own but does nothing with the others. */
    public record Warning(String field, String message) {
    }

    /** The document of GET; {@code phoneNumber} is the first number routing to the agent, or null. */
    public static SettingsOut of(Agent agent, String phoneNumber) {
        return document(agent, phoneNumber, List.of(), List.of());
    }

    /** The document of PATCH: as GET, with warnings and ignored_empty_fields when there are any. */
    public static SettingsOut afterPatch(Agent agent, String phoneNumber, List<String> ignoredEmptyFields) {
        return document(agent, phoneNumber, warnings(agent.settings(), agent.secrets()), ignoredEmptyFields);
    }

    private static SettingsOut document(Agent agent, String phoneNumber, List<Warning> warnings,
            List<String> ignoredEmptyFields) {
        ObjectNode configured = JsonNodeFactory.instance.objectNode();
        for (String credential : SettingsCatalog.CREDENTIALS) {
            configured.put(credential, agent.secrets().hasNonNull(credential));
        }
        return new SettingsOut(agent.id(), agent.name(), agent.status().wireName(), agent.published(),
                agent.version(), agent.updatedAt(), config(agent, phoneNumber), configured, List.copyOf(warnings),
                List.copyOf(ignoredEmptyFields));
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
    static List<Warning> warnings(ObjectNode settings, ObjectNode secrets) {
        List<Warning> warnings = new ArrayList<>();
        boolean calendar = settings.path("calendarEnabled").asBoolean(false);
        String provider = settings.path("calendarProvider").asText("none");
        if (calendar && provider.equals("none")) {
            warnings.add(new Warning("calendarProvider", "calendarEnabled is true but calendarProvider is none: the "
                    + "agent cannot book appointments"));
        }
        if (calendar && provider.equals("vendor1") && !secrets.hasNonNull("vendor1ApiKey")) {
            warnings.add(new Warning("vendor1ApiKey", "calendarProvider is vendor1 but no vendor1ApiKey is stored: "
                    + "the agent cannot book appointments"));
        }
        if (settings.path("enableHumanTransfer").asBoolean(false) && !settings.hasNonNull("transferPhoneNumber")) {
            warnings.add(new Warning("transferPhoneNumber", "enableHumanTransfer is true but no transferPhoneNumber is "
                    + "set: callers cannot be transferred"));
        }
        if (settings.path("missedCallSmsEnabled").asBoolean(false)
                && !settings.hasNonNull("missedCallSmsTemplate")) {
            warnings.add(new Warning("missedCallSmsTemplate", "missedCallSmsEnabled is true but no "
                    + "missedCallSmsTemplate is set: the platform's default text is sent"));
        }
        if (settings.path("recordingConsentRequired").asBoolean(false) && !settings.path("recordingEnabled")
                .asBoolean(true)) {
            warnings.add(new Warning("recordingConsentRequired", "recordingConsentRequired is true but recording is "
                    + "off: callers are asked for consent to nothing"));
        }
        return warnings;
    }
}
