package dev.voiceplatform.webhooks.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A payload template (part 6.1, rules 1 to 5), rendered against an event's data:
 * <ol>
 * <li>a value without a placeholder is sent as written;</li>
 * <li>{@code {{name}}} resolves against the data (dot paths reach nested fields); a string that is exactly one
 * placeholder keeps the value's type, a placeholder inside a longer string is stringified, an unknown name renders an
 * empty string;</li>
 * <li>a lookup object {@code {$from, $map?, $default?, $else?, $match?}} takes the first present source (from
 * {@code $from}, then {@code $else} in order) that satisfies {@code $match};</li>
 * <li>a present value absent from {@code $map} renders {@code $default}, or JSON null without one;</li>
 * <li>for PUT and PATCH, a key whose placeholders are all unfilled is left out; for POST every key is sent.</li>
 * </ol>
 */
public final class PayloadTemplate {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([^{}]+?)\\s*}}");
    private static final String FROM = "$from";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final JsonNode template;

    private PayloadTemplate(JsonNode template) {
        this.template = template;
    }

    /** A template a client sent; throws {@link IllegalArgumentException} naming what is wrong with it. */
    public static PayloadTemplate parse(JsonNode template) {
        if (template == null || !template.isObject()) {
            throw new IllegalArgumentException("must be a JSON object");
        }
        validate(template);
        return new PayloadTemplate(template);
    }

    /** Renders for a delivery made with {@code httpMethod}. */
    public JsonNode render(JsonNode data, String httpMethod) {
        boolean omitUnfilled = "PUT".equalsIgnoreCase(httpMethod) || "PATCH".equalsIgnoreCase(httpMethod);
        return render(template, data, omitUnfilled).value();
    }

    /** A rendered value; {@code unfilled} when it had placeholders and none of them found a value. */
    private record Rendered(JsonNode value, boolean unfilled) {
    }

    private static Rendered render(JsonNode node, JsonNode data, boolean omitUnfilled) {
        if (node.isObject() && node.has(FROM)) {
            return lookup((ObjectNode) node, data);
        }
        if (node.isObject()) {
            ObjectNode out = JSON.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                Rendered value = render(field.getValue(), data, omitUnfilled);
                if (!(omitUnfilled && value.unfilled())) {
                    out.set(field.getKey(), value.value());
                }
            }
            return new Rendered(out, false);
        }
        if (node.isArray()) {
            ArrayNode out = JSON.arrayNode();
            node.forEach(element -> out.add(render(element, data, omitUnfilled).value()));
            return new Rendered(out, false);
        }
        if (node.isTextual()) {
            return text(node.asText(), data);
        }
        return new Rendered(node, false);
    }

    private static Rendered text(String text, JsonNode data) {
        Matcher whole = PLACEHOLDER.matcher(text);
        if (whole.matches()) {
            JsonNode value = EventFields.find(data, whole.group(1));
            return value == null ? new Rendered(TextNode.valueOf(""), true) : new Rendered(value.deepCopy(), false);
        }
        Matcher placeholders = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        boolean any = false;
        boolean anyFilled = false;
        while (placeholders.find()) {
            any = true;
            JsonNode value = EventFields.find(data, placeholders.group(1));
            anyFilled |= value != null;
            placeholders.appendReplacement(out, Matcher.quoteReplacement(stringify(value)));
        }
        placeholders.appendTail(out);
        return new Rendered(TextNode.valueOf(out.toString()), any && !anyFilled);
    }

    private static Rendered lookup(ObjectNode lookup, JsonNode data) {
        Pattern match = lookup.hasNonNull("$match") ? Pattern.compile(lookup.get("$match").asText()) : null;
        JsonNode found = null;
        for (String source : sources(lookup)) {
            JsonNode value = EventFields.find(data, source);
            if (value != null && (match == null || match.matcher(stringify(value)).find())) {
                found = value;
                break;
            }
        }
        JsonNode fallback = lookup.has("$default") ? lookup.get("$default") : NullNode.getInstance();
        if (found == null) {
            return new Rendered(fallback, !lookup.has("$default"));
        }
        JsonNode map = lookup.get("$map");
        if (map == null || map.isNull()) {
            return new Rendered(found.deepCopy(), false);
        }
        JsonNode mapped = map.get(stringify(found));
        return new Rendered(mapped != null ? mapped : fallback, false);
    }

    private static java.util.List<String> sources(ObjectNode lookup) {
        java.util.List<String> sources = new java.util.ArrayList<>();
        sources.add(lookup.get(FROM).asText());
        JsonNode alternatives = lookup.get("$else");
        if (alternatives != null && alternatives.isTextual()) {
            sources.add(alternatives.asText());
        } else if (alternatives != null && alternatives.isArray()) {
            alternatives.forEach(alternative -> sources.add(alternative.asText()));
        }
        return sources;
    }

    private static String stringify(JsonNode value) {
        if (value == null) {
            return "";
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    private static void validate(JsonNode node) {
        if (node.isObject() && node.has(FROM)) {
            if (!node.get(FROM).isTextual() || node.get(FROM).asText().isBlank()) {
                throw new IllegalArgumentException("$from must name a field");
            }
            JsonNode alternatives = node.get("$else");
            if (alternatives != null && !alternatives.isTextual()
                    && !(alternatives.isArray() && allText(alternatives))) {
                throw new IllegalArgumentException("$else must be a field name or an array of field names");
            }
            JsonNode map = node.get("$map");
            if (map != null && !map.isObject()) {
                throw new IllegalArgumentException("$map must be an object");
            }
            JsonNode match = node.get("$match");
            if (match != null) {
                if (!match.isTextual()) {
                    throw new IllegalArgumentException("$match must be a regular expression");
                }
                try {
                    Pattern.compile(match.asText());
                } catch (PatternSyntaxException e) {
                    throw new IllegalArgumentException("$match is not a valid regular expression");
                }
            }
            node.fieldNames().forEachRemaining(name -> {
                if (!java.util.Set.of(FROM, "$map", "$default", "$else", "$match").contains(name)) {
                    throw new IllegalArgumentException("unknown lookup key '" + name + "'");
                }
            });
            return;
        }
        if (node.isContainerNode()) {
            node.forEach(PayloadTemplate::validate);
        }
    }

    private static boolean allText(JsonNode array) {
        for (JsonNode element : array) {
            if (!element.isTextual()) {
                return false;
            }
        }
        return true;
    }
}
