package dev.voiceplatform.agents.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.error.FieldError;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The per-agent webhook block of part 2.10, replaced whole: {@code enabled, url, secret, events, timeout_ms}.
 * The stored block never holds the secret; it lives with the other credentials.
 */
public final class WebhookBlock {

    public static final List<String> EVENTS = List.of("call_start", "call_end");
    public static final int DEFAULT_TIMEOUT_MS = 5_000;
    public static final int MIN_TIMEOUT_MS = 1_000;
    public static final int MAX_TIMEOUT_MS = 30_000;
    static final int URL_MAX = 2_048;
    static final int SECRET_MAX = 256;
    private static final Set<String> KEYS = Set.of("enabled", "url", "secret", "events", "timeout_ms");

    /**
     * A block as sent: {@code stored} is what the settings keep (enabled, url, events, timeout_ms, defaults
     * filled in), {@code secret} the new secret or null when the block keeps the stored one. A null block
     * removes the webhook and its secret.
     */
    public record Sent(ObjectNode stored, String secret, List<FieldError> problems) {

        public boolean removed() {
            return stored == null && problems.isEmpty();
        }

        public boolean enabled() {
            return stored != null && stored.path("enabled").asBoolean(false);
        }

        public String url() {
            return stored == null || stored.path("url").isNull() ? null : stored.path("url").asText(null);
        }
    }

    private WebhookBlock() {
    }

    /** Reads a sent block, naming problems under {@code webhook.<key>}; the URL's address is checked apart. */
    public static Sent read(JsonNode block) {
        if (block == null || block.isNull()) {
            return new Sent(null, null, List.of());
        }
        List<FieldError> problems = new ArrayList<>();
        if (!block.isObject()) {
            return new Sent(null, null, List.of(new FieldError(SettingsCatalog.WEBHOOK,
                    "must be an object with enabled, url, secret, events and timeout_ms")));
        }
        for (Iterator<String> names = block.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!KEYS.contains(name)) {
                problems.add(new FieldError(field(name), "is not a webhook key (enabled, url, secret, events, "
                        + "timeout_ms)"));
            }
        }
        ObjectNode stored = JsonNodeFactory.instance.objectNode();
        JsonNode enabled = block.get("enabled");
        // A block sent without "enabled" is one the client means to use.
        boolean on = true;
        if (enabled != null && !enabled.isNull()) {
            if (enabled.isBoolean()) {
                on = enabled.booleanValue();
            } else {
                problems.add(new FieldError(field("enabled"), "must be true or false"));
            }
        }
        stored.put("enabled", on);
        String url = text(block, "url", URL_MAX, problems);
        if (url == null && on && !hasProblem(problems, "url")) {
            problems.add(new FieldError(field("url"), "is required when the webhook is enabled"));
        }
        stored.put("url", url);
        String secret = text(block, "secret", SECRET_MAX, problems);
        stored.set("events", events(block.get("events"), problems));
        stored.put("timeout_ms", timeout(block.get("timeout_ms"), problems));
        return new Sent(problems.isEmpty() ? stored : null, secret, List.copyOf(problems));
    }

    /** An enabled block needs a secret: the one sent, or the one already stored. */
    public static List<FieldError> requireSecret(Sent sent, boolean secretStored) {
        if (sent.enabled() && sent.secret() == null && !secretStored) {
            return List.of(new FieldError(SettingsCatalog.WEBHOOK_SECRET, "is required when the webhook is enabled"));
        }
        return List.of();
    }

    /**
     * The agent with the block in place of its stored one: a removed block takes its secret along; a block sent
     * without a secret keeps the stored one.
     */
    public static Agent applyTo(Agent agent, Sent sent) {
        ObjectNode settings = agent.settings().deepCopy();
        ObjectNode secrets = agent.secrets().deepCopy();
        if (sent.removed()) {
            settings.remove(SettingsCatalog.WEBHOOK);
            secrets.remove(SettingsCatalog.WEBHOOK_SECRET);
        } else {
            settings.set(SettingsCatalog.WEBHOOK, sent.stored());
            if (sent.secret() != null) {
                secrets.put(SettingsCatalog.WEBHOOK_SECRET, sent.secret());
            }
        }
        return agent.withSettings(settings, secrets);
    }

    /** Whether the agent has a webhook secret stored. */
    public static boolean secretStored(Agent agent) {
        return agent.secrets().hasNonNull(SettingsCatalog.WEBHOOK_SECRET);
    }

    /** The error of agent create and update (part 2.10): 400 INVALID_WEBHOOK_CONFIG naming each problem. */
    public static ApiException invalidConfig(List<FieldError> problems) {
        FieldError first = problems.get(0);
        return ApiException.of(ErrorCode.INVALID_WEBHOOK_CONFIG, first.field() + " " + first.reason())
                .withDetail("fields", problems.stream()
                        .map(problem -> Map.of("field", problem.field(), "reason", problem.reason())).toList());
    }

    /** The block as the document reads it back: the secret always null. */
    public static JsonNode readBack(JsonNode stored) {
        if (stored == null || !stored.isObject()) {
            return null;
        }
        ObjectNode out = ((ObjectNode) stored).deepCopy();
        out.putNull("secret");
        return out;
    }

    private static JsonNode events(JsonNode events, List<FieldError> problems) {
        var out = JsonNodeFactory.instance.arrayNode();
        if (events == null || events.isNull()) {
            EVENTS.forEach(out::add);
            return out;
        }
        if (!events.isArray()) {
            problems.add(new FieldError(field("events"), "must be a list of " + EVENTS));
            return out;
        }
        if (events.isEmpty()) {
            problems.add(new FieldError(field("events"), "must name at least one of " + EVENTS
                    + "; leave it out for both"));
            return out;
        }
        Set<String> chosen = new LinkedHashSet<>();
        for (JsonNode event : events) {
            if (!event.isTextual() || !EVENTS.contains(event.asText())) {
                problems.add(new FieldError(field("events"), "may contain only " + EVENTS));
                return out;
            }
            chosen.add(event.asText());
        }
        // Stored in the catalogue's order, each once, so an equal choice compares equal.
        EVENTS.stream().filter(chosen::contains).forEach(out::add);
        return out;
    }

    private static int timeout(JsonNode timeout, List<FieldError> problems) {
        if (timeout == null || timeout.isNull()) {
            return DEFAULT_TIMEOUT_MS;
        }
        if (!timeout.isIntegralNumber() || !timeout.canConvertToInt()
                || timeout.intValue() < MIN_TIMEOUT_MS || timeout.intValue() > MAX_TIMEOUT_MS) {
            problems.add(new FieldError(field("timeout_ms"), "must be an integer from " + MIN_TIMEOUT_MS + " to "
                    + MAX_TIMEOUT_MS));
            return DEFAULT_TIMEOUT_MS;
        }
        return timeout.intValue();
    }

    private static String text(JsonNode block, String name, int max, List<FieldError> problems) {
        JsonNode value = block.get(name);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual() || value.asText().isBlank()) {
            problems.add(new FieldError(field(name), "must be a non-empty string"));
            return null;
        }
        if (value.asText().codePointCount(0, value.asText().length()) > max) {
            problems.add(new FieldError(field(name), "must be at most " + max + " characters"));
            return null;
        }
        return value.asText();
    }

    private static boolean hasProblem(List<FieldError> problems, String name) {
        return problems.stream().anyMatch(problem -> problem.field().equals(field(name)));
    }

    private static String field(String name) {
        return SettingsCatalog.WEBHOOK + "." + name;
    }
}
