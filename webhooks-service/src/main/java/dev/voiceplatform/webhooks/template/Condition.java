package dev.voiceplatform.webhooks.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A delivery condition, {@code {require: [field names]}} (part 6.1 rule 7): an event is delivered to the subscription
 * only when every named field is present in its data. Events are never changed after they happen, so "waits until
 * the fields exist" means the subscription receives the first later event (say a lead.updated) that carries them.
 */
public record Condition(List<String> require) {

    /** The condition a client sent; throws {@link IllegalArgumentException} naming what is wrong with it. */
    public static Condition parse(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("must be an object {require: [field names]}");
        }
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!"require".equals(name)) {
                throw new IllegalArgumentException("only 'require' is supported, not '" + name + "'");
            }
        }
        JsonNode require = node.get("require");
        if (require == null || !require.isArray() || require.isEmpty()) {
            throw new IllegalArgumentException("require must be a non-empty array of field names");
        }
        List<String> fields = new ArrayList<>();
        for (JsonNode field : require) {
            if (!field.isTextual() || field.asText().isBlank()) {
                throw new IllegalArgumentException("require must hold field names (strings)");
            }
            fields.add(field.asText().trim());
        }
        return new Condition(List.copyOf(fields));
    }

    public boolean matches(JsonNode data) {
        return require.stream().allMatch(field -> EventFields.find(data, field) != null);
    }
}
