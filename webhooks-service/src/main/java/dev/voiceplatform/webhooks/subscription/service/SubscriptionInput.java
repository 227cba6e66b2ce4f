package dev.voiceplatform.webhooks.subscription.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.webhooks.event.EventCatalog;
import dev.voiceplatform.webhooks.template.Condition;
import dev.voiceplatform.webhooks.template.PayloadTemplate;
import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/** Reads create and update bodies of /webhooks (part 4.7). */
public final class SubscriptionInput {

    static final Set<String> METHODS = Set.of("POST", "PUT", "PATCH");
    static final String DEFAULT_METHOD = "POST";
    static final String DEFAULT_CONTENT_TYPE = "application/json";
    static final int MAX_URL = 2048;
    static final int MAX_HEADERS = 20;
    private static final Pattern HEADER_NAME = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}");
    private static final Pattern JSON_MEDIA_TYPE = Pattern.compile("application/([a-z0-9.+-]+\\+)?json",
            Pattern.CASE_INSENSITIVE);
    /** Headers the platform sets itself; a custom header may not replace them (X-Correlation-ID may). */
    private static final Set<String> RESERVED_HEADERS = Set.of("host", "content-length", "content-type",
            "transfer-encoding", "connection", "x-webhook-signature", "x-webhook-timestamp", "x-webhook-id",
            "webhook-id", "webhook-timestamp", "webhook-signature");
    private static final List<String> CREATE_FIELDS = List.of("url", "events", "agent_id", "http_method",
            "content_type", "custom_headers", "payload_template", "condition");
    private static final List<String> PATCH_FIELDS = List.of("url", "events", "agent_id", "is_active", "is_paused",
            "http_method", "content_type", "custom_headers", "payload_template", "condition", "clear_payload_template",
            "clear_condition");

    private SubscriptionInput() {
    }

    /** A create body, validated except for what needs another look-up (the URL's addresses, the agent). */
    public record NewSubscription(String url, List<String> events, UUID agentId, String httpMethod,
            String contentType, Map<String, String> customHeaders, JsonNode payloadTemplate, JsonNode condition) {
    }

    /**
     * An update; null fields are unchanged. {@code agentIdSent} tells a sent null (subscribe to every agent) from an
     * absent field.
     */
    public record Changes(String url, List<String> events, boolean agentIdSent, UUID agentId, Boolean active,
            Boolean paused, String httpMethod, String contentType, Map<String, String> customHeaders,
            JsonNode payloadTemplate, JsonNode condition, boolean clearPayloadTemplate, boolean clearCondition) {
    }

    public static NewSubscription readCreate(JsonBody body) {
        body.rejectUnknown(CREATE_FIELDS);
        String url = body.requiredString("url");
        checkUrlShape(body, url);
        List<String> events = events(body, true);
        UUID agentId = agentId(body);
        String method = method(body);
        String contentType = contentType(body);
        Map<String, String> headers = headers(body);
        JsonNode template = template(body);
        JsonNode condition = condition(body);
        body.throwIfInvalid();
        return new NewSubscription(url, events, agentId, method != null ? method : DEFAULT_METHOD,
                contentType != null ? contentType : DEFAULT_CONTENT_TYPE, headers != null ? headers : Map.of(),
                template, condition);
    }

    public static Changes readPatch(JsonBody body) {
        body.rejectUnknown(PATCH_FIELDS);
        String url = null;
        if (body.has("url")) {
            url = body.requiredString("url");
            checkUrlShape(body, url);
        }
        List<String> events = body.has("events") ? events(body, true) : null;
        boolean agentIdSent = body.has("agent_id");
        UUID agentId = agentIdSent ? agentId(body) : null;
        Boolean active = body.bool("is_active");
        Boolean paused = body.bool("is_paused");
        String method = method(body);
        String contentType = contentType(body);
        Map<String, String> headers = headers(body);
        JsonNode template = template(body);
        JsonNode condition = condition(body);
        boolean clearTemplate = Boolean.TRUE.equals(body.bool("clear_payload_template"));
        boolean clearCondition = Boolean.TRUE.equals(body.bool("clear_condition"));
        if (clearTemplate && template != null) {
            body.reject("clear_payload_template", "cannot be sent together with payload_template");
        }
        if (clearCondition && condition != null) {
            body.reject("clear_condition", "cannot be sent together with condition");
        }
        body.throwIfInvalid();
        return new Changes(url, events, agentIdSent, agentId, active, paused, method, contentType, headers, template,
                condition, clearTemplate, clearCondition);
    }

    /** Names outside the catalog are 400 INVALID_EVENT (details.invalid lists them); a wrong shape is a field error. */
    static List<String> events(JsonBody body, boolean required) {
        JsonNode events = body.node("events");
        if (events == null || events.isNull()) {
            if (required) {
                body.reject("events", "is required");
            }
            return null;
        }
        if (!events.isArray() || events.isEmpty()) {
            body.reject("events", "must be a non-empty array of event names");
            return null;
        }
        List<String> names = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (JsonNode event : events) {
            if (!event.isTextual()) {
                body.reject("events", "must hold event names (strings)");
                return null;
            }
            String name = event.asText();
            if (!EventCatalog.contains(name)) {
                unknown.add(name);
            } else if (!names.contains(name)) {
                names.add(name);
            }
        }
        if (!unknown.isEmpty()) {
            throw ApiException.of(ErrorCode.INVALID_EVENT, "Not in the event catalog: " + String.join(", ", unknown))
                    .withDetail("invalid", unknown)
                    .withDetail("allowed", EventCatalog.EVENTS.stream().map(EventCatalog.Entry::name).toList());
        }
        return List.copyOf(names);
    }

    /** A URL that is not an absolute http(s) URL is 400 INVALID_WEBHOOK_URL; its addresses are checked later. */
    static void checkUrlShape(JsonBody body, String url) {
        if (url == null || url.isBlank()) {
            return;
        }
        if (url.length() > MAX_URL) {
            body.reject("url", "must be at most " + MAX_URL + " characters");
            return;
        }
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null || uri.getUserInfo() != null) {
                throw invalidUrl("The webhook url must be an absolute http or https URL without credentials");
            }
        } catch (java.net.URISyntaxException e) {
            throw invalidUrl("The webhook url is not a URL");
        }
    }

    public static ApiException invalidUrl(String message) {
        return ApiException.of(ErrorCode.INVALID_WEBHOOK_URL, message);
    }

    private static UUID agentId(JsonBody body) {
        JsonNode value = body.node("agent_id");
        if (value == null || value.isNull()) {
            return null;
        }
        UUID id = value.isTextual() ? Ids.parseOrNull(value.asText()) : null;
        if (id == null) {
            body.reject("agent_id", "must be a uuid or null");
        }
        return id;
    }

    private static String method(JsonBody body) {
        String method = body.string("http_method");
        if (method == null) {
            return null;
        }
        String upper = method.trim().toUpperCase(Locale.ROOT);
        if (!METHODS.contains(upper)) {
            body.reject("http_method", "must be one of POST, PUT, PATCH");
            return null;
        }
        return upper;
    }

    private static String contentType(JsonBody body) {
        String contentType = body.string("content_type");
        if (contentType == null) {
            return null;
        }
        String mediaType = contentType.split(";", 2)[0].trim();
        if (!JSON_MEDIA_TYPE.matcher(mediaType).matches() || contentType.length() > 200
                || contentType.chars().anyMatch(c -> c < 0x20)) {
            body.reject("content_type", "must be application/json or an application/*+json media type");
            return null;
        }
        return contentType.trim();
    }

    private static Map<String, String> headers(JsonBody body) {
        JsonNode headers = body.node("custom_headers");
        if (headers == null) {
            return null;
        }
        if (headers.isNull()) {
            return Map.of();
        }
        if (!headers.isObject()) {
            body.reject("custom_headers", "must be an object of header names to string values");
            return null;
        }
        if (headers.size() > MAX_HEADERS) {
            body.reject("custom_headers", "must hold at most " + MAX_HEADERS + " headers");
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = headers.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> header = fields.next();
            String name = header.getKey();
            JsonNode value = header.getValue();
            if (!HEADER_NAME.matcher(name).matches()) {
                body.reject("custom_headers", "'" + name + "' is not a header name");
            } else if (RESERVED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                body.reject("custom_headers", "'" + name + "' is set by the platform");
            } else if (!value.isTextual() || value.asText().length() > 4096
                    || value.asText().chars().anyMatch(c -> c < 0x20 && c != '\t')) {
                body.reject("custom_headers", "the value of '" + name + "' must be a single-line string");
            } else {
                out.put(name, value.asText());
            }
        }
        return out;
    }

    private static JsonNode template(JsonBody body) {
        JsonNode template = body.node("payload_template");
        if (template == null || template.isNull()) {
            return null;
        }
        try {
            PayloadTemplate.parse(template);
            return template;
        } catch (IllegalArgumentException e) {
            body.reject("payload_template", e.getMessage());
            return null;
        }
    }

    private static JsonNode condition(JsonBody body) {
        JsonNode condition = body.node("condition");
        if (condition == null || condition.isNull()) {
            return null;
        }
        try {
            Condition.parse(condition);
            return condition;
        } catch (IllegalArgumentException e) {
            body.reject("condition", e.getMessage());
            return null;
        }
    }
}
