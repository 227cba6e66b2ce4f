package dev.voiceplatform.agents.integrations.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.agents.integrations.Integration;
import dev.voiceplatform.agents.integrations.IntegrationField;
import dev.voiceplatform.common.api.JsonBody;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The keys a PATCH changes, under the names GET shows: {@code set} holds the new values, {@code cleared} the keys
 * sent as null (unset again, so the default shows).
 */
public record IntegrationPatch(ObjectNode set, List<String> cleared) {

    public boolean isEmpty() {
        return set.isEmpty() && cleared.isEmpty();
    }

    /**
     * Reads a PATCH body: 400 UNKNOWN_FIELD for keys the integration does not have (nothing saved), 400
     * VALIDATION_ERROR for values of the wrong type or range, and for a key sent under two of its names with
     * different values.
     */
    public static IntegrationPatch read(Integration integration, JsonBody body, JsonNode raw) {
        body.rejectUnknown(integration.fields().stream()
                .flatMap(field -> Stream.concat(Stream.of(field.name()), field.aliases().stream())).toList());
        Map<String, JsonNode> byName = new LinkedHashMap<>();
        Map<String, String> aliasSent = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> entries = raw.fields(); entries.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = entries.next();
            IntegrationField field = integration.field(entry.getKey()).orElseThrow();
            field.check(body, entry.getKey(), entry.getValue());
            if (!field.name().equals(entry.getKey())) {
                aliasSent.put(field.name(), entry.getKey());
            }
            JsonNode earlier = byName.putIfAbsent(field.name(), entry.getValue());
            if (earlier != null && !earlier.equals(entry.getValue())) {
                // Both names of one setting with different values: the alias is named, whatever the order sent.
                body.reject(aliasSent.get(field.name()), "names the same setting as " + field.name()
                        + " with another value");
            }
        }
        body.throwIfInvalid();
        ObjectNode set = JsonNodeFactory.instance.objectNode();
        List<String> cleared = new ArrayList<>();
        byName.forEach((name, value) -> {
            if (value.isNull()) {
                cleared.add(name);
            } else {
                set.set(name, value);
            }
        });
        return new IntegrationPatch(set, List.copyOf(cleared));
    }
}
