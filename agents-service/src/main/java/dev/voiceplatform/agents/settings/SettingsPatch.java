package dev.voiceplatform.agents.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.VoiceCatalog;
import dev.voiceplatform.agents.agent.rest.AgentInput;
import dev.voiceplatform.agents.settings.SettingKey.Type;
import dev.voiceplatform.common.api.EmailAddresses;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.error.FieldError;
import dev.voiceplatform.common.tenancy.Tenant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A PATCH /agents/:id/config body (rules 1 to 9 of part 4.2). {@link #read} checks what needs no stored agent
 * (unknown keys, types, ranges, enumerations, lengths, nested blocks); {@link #applyTo} the rest against the agent
 * as stored, inside the transaction that writes it.
 */
public final class SettingsPatch {

    private static final Set<String> ISO_LANGUAGES = languages();
    private static final Set<String> TIME_ZONES = ZoneId.getAvailableZoneIds();
    /** Name and prompt may not be blank, as on the agent object. */
    private static final Set<String> NOT_BLANK = Set.of("name", "prompt");

    private final Map<String, JsonNode> sent;
    private final WebhookBlock.Sent webhook;

    /** The patch applied: the agent as it would be saved, and the plain-text keys whose empty string was ignored. */
    public record Applied(Agent next, List<String> ignoredEmptyFields) {
    }

    private SettingsPatch(Map<String, JsonNode> sent, WebhookBlock.Sent webhook) {
        this.sent = sent;
        this.webhook = webhook;
    }

    /** 400 UNKNOWN_FIELD before anything else, then 400 VALIDATION_ERROR naming every invalid key. */
    public static SettingsPatch read(JsonNode body) {
        JsonBody.of(body);
        Map<String, JsonNode> sent = new LinkedHashMap<>();
        List<String> unknown = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = body.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (SettingsCatalog.key(field.getKey()).isPresent()) {
                sent.put(field.getKey(), field.getValue());
            } else {
                unknown.add(field.getKey());
            }
        }
        if (!unknown.isEmpty()) {
            throw ApiException.of(ErrorCode.UNKNOWN_FIELD, "Unknown settings " + unknown + "; nothing was saved")
                    .withDetail("unknown", List.copyOf(unknown));
        }
        List<FieldError> problems = new ArrayList<>();
        WebhookBlock.Sent webhook = null;
        for (Map.Entry<String, JsonNode> entry : sent.entrySet()) {
            SettingKey key = SettingsCatalog.key(entry.getKey()).orElseThrow();
            JsonNode value = entry.getValue();
            if (key.name().equals(SettingsCatalog.WEBHOOK)) {
                webhook = WebhookBlock.read(value);
                problems.addAll(webhook.problems());
            } else if (!value.isNull()) {
                check(key, value).ifPresent(reason -> problems.add(new FieldError(key.name(), reason)));
                if (key.block() && !problems.stream().anyMatch(problem -> problem.field().equals(key.name()))) {
                    problems.addAll(NestedBlocks.check(key.name(), value));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.validation(problems);
        }
        return new SettingsPatch(sent, webhook);
    }

    /** The callback agent the patch names, to be found in the organization; null when it names none. */
    public UUID callbackAgentId() {
        JsonNode value = sent.get("callbackAgentId");
        return value == null || value.isNull() ? null : Ids.parseOrNull(value.asText());
    }

    /** The webhook URL the patch sets, for the outbound guard; null when it sets none. */
    public String webhookUrl() {
        return webhook == null ? null : webhook.url();
    }

    /**
     * Applies the patch to the agent as stored. Read-only keys sent with another value than the stored one are
     * 400 READ_ONLY_FIELD; other refusals are 400 VALIDATION_ERROR, then 403 FORBIDDEN for the reserved model
     * without its entitlement or a blocked transfer destination.
     */
    public Applied applyTo(Agent current, String phoneNumber, Tenant tenant, TransferDestinations transfers) {
        checkReadOnly(current, phoneNumber);
        List<FieldError> problems = new ArrayList<>();
        checkTesterFacts(current, problems);
        Map<String, String> columns = new LinkedHashMap<>();
        columns.put("name", current.name());
        columns.put("description", current.description());
        columns.put("prompt", current.prompt());
        columns.put("greeting", current.greeting());
        columns.put("language", current.language());
        columns.put("voice", current.voice());
        columns.put("model", current.model());
        // The webhook block first: it brings its secret along or removes it (rule 6, replaced whole).
        Agent base = webhook == null ? current : WebhookBlock.applyTo(current, webhook);
        if (webhook != null && !webhook.removed()) {
            problems.addAll(WebhookBlock.requireSecret(webhook, WebhookBlock.secretStored(current)));
        }
        ObjectNode settings = base.settings().deepCopy();
        ObjectNode secrets = base.secrets().deepCopy();
        List<String> ignoredEmpty = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : sent.entrySet()) {
            SettingKey key = SettingsCatalog.key(entry.getKey()).orElseThrow();
            JsonNode value = entry.getValue();
            boolean emptyText = key.plainText() || key.credential() ? value.isTextual() && value.asText().isEmpty()
                    : false;
            switch (key.storage()) {
                case AGENT -> {
                    // The agent object's own fields are cleared through PATCH /agents/:id only (rule 5).
                    if (value.isNull()) {
                        continue;
                    }
                    if (emptyText) {
                        if (columns.get(key.name()) != null && !columns.get(key.name()).isEmpty()) {
                            ignoredEmpty.add(key.name());
                        }
                        continue;
                    }
                    columns.put(key.name(), value.asText());
                }
                case SETTINGS -> {
                    if (key.name().equals(SettingsCatalog.WEBHOOK)) {
                        continue;
                    }
                    if (value.isNull()) {
                        settings.remove(key.name());
                    } else if (emptyText) {
                        if (settings.hasNonNull(key.name())) {
                            ignoredEmpty.add(key.name());
                        }
                    } else {
                        settings.set(key.name(), stored(key, value));
                    }
                }
                case SECRETS -> {
                    if (value.isNull()) {
                        continue;
                    }
                    if (emptyText) {
                        if (secrets.hasNonNull(key.name())) {
                            ignoredEmpty.add(key.name());
                        }
                        continue;
                    }
                    secrets.put(key.name(), value.asText());
                }
                case DERIVED -> {
                    // Checked above; never written here.
                }
            }
        }
        checkTurnDetection(current.settings(), problems);
        ApiException forbidden = checkEngine(current, columns, tenant, problems);
        if (!problems.isEmpty()) {
            throw ApiException.validation(problems);
        }
        if (forbidden != null) {
            throw forbidden;
        }
        JsonNode transfer = sent.get("transferPhoneNumber");
        if (transfer != null && transfer.isTextual()
                && !transfer.equals(current.settings().get("transferPhoneNumber"))) {
            transfers.check(transfer.asText());
        }
        Agent next = current.withContent(columns.get("name"), columns.get("description"), columns.get("prompt"),
                columns.get("greeting"), columns.get("language"), columns.get("voice"), columns.get("model"))
                .withSettings(settings, secrets);
        // In the document's order, whatever order the client's JSON library wrote the keys in.
        List<String> documentOrder = SettingsCatalog.keys().stream().map(SettingKey::name).toList();
        ignoredEmpty.sort(Comparator.comparingInt(documentOrder::indexOf));
        return new Applied(next, List.copyOf(ignoredEmpty));
    }

    /**
     * status and phoneNumber are shown in the document, so a document read back whole carries them: the values
     * read are accepted as unchanged, any other is refused.
     */
    private void checkReadOnly(Agent current, String phoneNumber) {
        List<String> refused = new ArrayList<>();
        JsonNode status = sent.get(SettingsCatalog.STATUS);
        if (status != null && !(status.isTextual() && status.asText().equals(current.status().wireName()))) {
            refused.add(SettingsCatalog.STATUS);
        }
        JsonNode number = sent.get(SettingsCatalog.PHONE_NUMBER);
        if (number != null && !Objects.equals(number.isNull() ? null : number.asText(), phoneNumber)) {
            refused.add(SettingsCatalog.PHONE_NUMBER);
        }
        if (!refused.isEmpty()) {
            throw ApiException.of(ErrorCode.READ_ONLY_FIELD, refused + " cannot be set through /config")
                    .withDetail("fields", List.copyOf(refused))
                    .withHint("Publish or unpublish the agent to change its status; bind a phone number through "
                            + "POST /agents/:id/phone-number.");
        }
    }

    /** isTester and testTargetAgentId are set by POST /agents/:id/tester; the values read back are accepted. */
    private void checkTesterFacts(Agent current, List<FieldError> problems) {
        JsonNode tester = sent.get(SettingsCatalog.IS_TESTER);
        if (tester != null && !(tester.isBoolean() && tester.booleanValue() == current.tester())) {
            problems.add(new FieldError(SettingsCatalog.IS_TESTER, "is set by POST /agents/:id/tester only"));
        }
        JsonNode target = sent.get(SettingsCatalog.TEST_TARGET_AGENT_ID);
        String stored = current.testTargetAgentId() == null ? null : current.testTargetAgentId().toString();
        if (target != null && !Objects.equals(target.isNull() ? null : target.asText(), stored)) {
            problems.add(new FieldError(SettingsCatalog.TEST_TARGET_AGENT_ID,
                    "is set by POST /agents/:id/tester only"));
        }
    }

    /** The group as it will be saved: the sent keys over the stored ones (rule 6), checked as a whole. */
    private void checkTurnDetection(ObjectNode stored, List<FieldError> problems) {
        List<String> group = SettingsCatalog.turnDetectionGroup();
        if (group.stream().noneMatch(sent::containsKey)) {
            return;
        }
        Map<String, String> completed = new LinkedHashMap<>();
        for (String key : group) {
            JsonNode value = sent.containsKey(key) ? sent.get(key) : stored.get(key);
            completed.put(key, value == null || value.isNull() ? null : value.asText());
        }
        problems.addAll(TurnDetection.check(completed));
    }

    /**
     * Model and voice checked together against the engine the agent will have, with the rules of 2.3; an
     * unknown pair is a VALIDATION_ERROR here (the editor's), the reserved model without entitlement stays 403.
     */
    private ApiException checkEngine(Agent current, Map<String, String> columns, Tenant tenant,
            List<FieldError> problems) {
        ApiException forbidden = null;
        String model = columns.get("model");
        if (!model.equals(current.model()) || !Objects.equals(columns.get("voice"), current.voice())) {
            try {
                AgentInput.checkEngine(model, columns.get("voice"), tenant, !model.equals(current.model()));
            } catch (ApiException refused) {
                if (refused.code() == ErrorCode.INVALID_MODEL) {
                    problems.add(new FieldError("voice", refused.getMessage() + "; voices of " + model + ": "
                            + VoiceCatalog.voices(model)));
                } else {
                    forbidden = refused;
                }
            }
        }
        JsonNode fallback = sent.get("fallbackModel");
        if (fallback != null && fallback.isTextual() && VoiceCatalog.RESERVED_MODEL.equals(fallback.asText())
                && !fallback.equals(current.settings().get("fallbackModel"))
                && !tenant.plan().entitled(VoiceCatalog.PREMIUM_MODELS_ENTITLEMENT)) {
            forbidden = ApiException.of(ErrorCode.FORBIDDEN, "Model " + VoiceCatalog.RESERVED_MODEL + " needs the "
                    + VoiceCatalog.PREMIUM_MODELS_ENTITLEMENT + " entitlement");
        }
        return forbidden;
    }

    /** What a non-null value is wrong with, by the key's type; empty when it is acceptable. */
    static Optional<String> check(SettingKey key, JsonNode value) {
        String problem = switch (key.type()) {
            case TEXT -> !value.isTextual() ? "must be a string"
                    : JsonBody.characters(value.asText()) > key.max().intValue()
                            ? "must be at most " + key.max() + " characters"
                            : NOT_BLANK.contains(key.name()) && !value.asText().isEmpty() && value.asText().isBlank()
                                    ? "must not be blank" : null;
            case CREDENTIAL -> !value.isTextual() ? "must be a string"
                    : JsonBody.characters(value.asText()) > key.max().intValue()
                            ? "must be at most " + key.max() + " characters" : null;
            case ENUM -> value.isTextual() && key.allowed().contains(value.asText()) ? null
                    : "must be one of " + key.allowed();
            case BOOLEAN -> value.isBoolean() ? null : "must be true or false";
            case INTEGER -> value.isIntegralNumber() && value.canConvertToInt()
                    && value.intValue() >= key.min().intValue() && value.intValue() <= key.max().intValue() ? null
                    : "must be an integer from " + key.min() + " to " + key.max();
            case NUMBER -> value.isNumber() && value.doubleValue() >= key.min().doubleValue()
                    && value.doubleValue() <= key.max().doubleValue() ? null
                    : "must be a number from " + key.min() + " to " + key.max();
            case LANGUAGE -> value.isTextual() && isLanguageTag(value.asText()) ? null
                    : "must be a language tag such as he, en, ar, fr or en-US";
            case TIMEZONE -> value.isTextual() && TIME_ZONES.contains(value.asText()) ? null
                    : "must be an IANA time-zone name such as Asia/Jerusalem or America/New_York";
            case PHONE -> value.isTextual() && TransferDestinations.isE164(value.asText()) ? null
                    : "must be a phone number in E.164 form, such as +14155550123";
            // The key's maximum is EmailAddresses.MAX_LENGTH, which the shared check enforces.
            case EMAIL -> value.isTextual() && EmailAddresses.valid(value.asText()) ? null
                    : "must be an email address";
            case AGENT_ID -> value.isTextual() && Ids.parseOrNull(value.asText()) != null ? null
                    : "must be an agent id";
            case MODEL -> value.isTextual() && VoiceCatalog.isModel(value.asText()) ? null
                    : "must be one of " + VoiceCatalog.models().stream().sorted().toList();
            case VOICE -> value.isTextual() && !value.asText().isEmpty() ? null : "must be a voice name";
            case BLOCK, READ_ONLY -> null;
        };
        return Optional.ofNullable(problem);
    }

    /** Numbers are kept as decimals, so 1 and 1.0 are the same setting and do not move the version. */
    private static JsonNode stored(SettingKey key, JsonNode value) {
        if (key.type() == Type.NUMBER) {
            return DoubleNode.valueOf(value.doubleValue());
        }
        if (key.type() == Type.AGENT_ID) {
            return TextNode.valueOf(Ids.parseOrNull(value.asText()).toString());
        }
        return value.deepCopy();
    }

    /** A BCP 47 tag whose language is a two-letter ISO 639 code, optionally with script and region. */
    static boolean isLanguageTag(String tag) {
        if (tag.isEmpty() || tag.length() > 35) {
            return false;
        }
        Locale locale = Locale.forLanguageTag(tag);
        return ISO_LANGUAGES.contains(locale.getLanguage()) && locale.toLanguageTag().equalsIgnoreCase(tag)
                && locale.getVariant().isEmpty();
    }

    private static Set<String> languages() {
        Set<String> languages = new HashSet<>(List.of(Locale.getISOLanguages()));
        // Hebrew, Yiddish and Indonesian under their current codes, whatever the JDK's legacy mapping.
        languages.addAll(List.of("he", "yi", "id"));
        return Set.copyOf(languages);
    }
}
