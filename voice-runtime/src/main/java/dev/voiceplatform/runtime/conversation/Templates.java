package dev.voiceplatform.runtime.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code {{variable}}} substitution in what the agent says (greeting, voicemail message): the call's metadata first,
 * then the default of the agent's {@code dynamicVariables}; a variable neither knows reads as nothing, so a caller
 * never hears the braces.
 */
public final class Templates {

    private static final Pattern VARIABLE = Pattern.compile("\\{\\{\\s*([A-Za-z_][A-Za-z0-9_]{0,63})\\s*}}");

    private Templates() {
    }

    /**
     * @param metadata the call's metadata (an object; null for none)
     * @param dynamicVariables the agent's {@code dynamicVariables} block (null for none)
     */
    public static String fill(String template, JsonNode metadata, JsonNode dynamicVariables) {
        if (template == null) {
            return null;
        }
        Matcher matcher = VARIABLE.matcher(template);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(out, Matcher.quoteReplacement(value(matcher.group(1), metadata,
                    dynamicVariables)));
        }
        matcher.appendTail(out);
        return out.toString().replaceAll("\\s{2,}", " ").strip();
    }

    private static String value(String name, JsonNode metadata, JsonNode dynamicVariables) {
        JsonNode given = metadata == null ? null : metadata.get(name);
        if (given != null && !given.isNull()) {
            return given.isValueNode() ? given.asText() : given.toString();
        }
        JsonNode fallback = dynamicVariables == null ? null : dynamicVariables.path(name).get("default");
        return fallback != null && fallback.isValueNode() && !fallback.isNull() ? fallback.asText() : "";
    }
}
