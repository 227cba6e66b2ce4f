package dev.voiceplatform.webhooks.template;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Names fields of an event's data the way templates and conditions write them: a dot path ({@code lead.email},
 * {@code transcript.0.text}). A field is present when it exists and is not JSON null.
 */
public final class EventFields {

    private EventFields() {
    }

    /** The value at {@code path}, or null when absent or JSON null. */
    public static JsonNode find(JsonNode data, String path) {
        JsonNode current = data;
        for (String segment : path.trim().split("\\.", -1)) {
            if (current == null || segment.isEmpty()) {
                return null;
            }
            if (current.isArray() && segment.chars().allMatch(Character::isDigit) && segment.length() < 10) {
                current = current.get(Integer.parseInt(segment));
            } else {
                current = current.get(segment);
            }
        }
        return current == null || current.isNull() || current.isMissingNode() ? null : current;
    }
}
