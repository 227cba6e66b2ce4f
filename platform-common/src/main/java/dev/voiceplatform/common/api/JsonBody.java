package dev.voiceplatform.common.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.error.FieldError;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Reads a JSON object body field by field, telling an absent field from an explicit null and collecting every
 * invalid field under the name the client sent, so a request is refused once with all its problems.
 */
public final class JsonBody {

    private final ObjectNode node;
    private final List<FieldError> problems = new ArrayList<>();

    private JsonBody(ObjectNode node) {
        this.node = node;
    }

    /** A body that must be a JSON object; anything else is 400 INVALID_REQUEST. */
    public static JsonBody of(JsonNode body) {
        if (body == null || body.isMissingNode() || body.isNull()) {
            throw ApiException.of(ErrorCode.INVALID_REQUEST, "A JSON object body is required");
        }
        if (!body.isObject()) {
            throw ApiException.of(ErrorCode.INVALID_REQUEST, "The body must be a JSON object");
        }
        return new JsonBody((ObjectNode) body);
    }

    /** An optional body: absent means an empty object. */
    public static JsonBody ofOptional(JsonNode body) {
        if (body == null || body.isMissingNode() || body.isNull()) {
            return new JsonBody(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode());
        }
        return of(body);
    }

    /**
     * Refuses a body holding keys outside {@code known}: 400 UNKNOWN_FIELD with {@code details.unknown} listing
     * them in the order sent. A misspelt key silently ignored would look saved to the client.
     */
    public JsonBody rejectUnknown(Collection<String> known) {
        List<String> unknown = new ArrayList<>();
        node.fieldNames().forEachRemaining(name -> {
            if (!known.contains(name)) {
                unknown.add(name);
            }
        });
        if (!unknown.isEmpty()) {
            throw ApiException.of(ErrorCode.UNKNOWN_FIELD, "Unknown " + (unknown.size() == 1 ? "key: " : "keys: ")
                    + String.join(", ", unknown)).withDetail("unknown", List.copyOf(unknown));
        }
        return this;
    }

    /** Whether the client sent the field at all (null included). */
    public boolean has(String field) {
        return node.has(field);
    }

    /** The string value; null when absent or null; a non-string is recorded as a problem. */
    public String string(String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            reject(field, "must be a string");
            return null;
        }
        return value.asText();
    }

    /** A string the client must send; absent, null or blank is recorded as a problem. */
    public String requiredString(String field) {
        String value = string(field);
        if (value == null && !hasProblem(field)) {
            reject(field, "is required");
        } else if (value != null && value.isBlank()) {
            reject(field, "must not be blank");
        }
        return value;
    }

    /** The raw value of a field, or null when absent. */
    public JsonNode node(String field) {
        return node.get(field);
    }

    public Integer integer(String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            reject(field, "must be an integer");
            return null;
        }
        return value.intValue();
    }

    public Boolean bool(String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isBoolean()) {
            reject(field, "must be true or false");
            return null;
        }
        return value.booleanValue();
    }

    /** Records that a string is longer than allowed, counting characters (code points), not bytes. */
    public void maxCharacters(String field, String value, int max) {
        if (value != null && characters(value) > max) {
            reject(field, "must be at most " + max + " characters");
        }
    }

    public void reject(String field, String reason) {
        problems.add(new FieldError(field, reason));
    }

    public boolean hasProblem(String field) {
        return problems.stream().anyMatch(problem -> problem.field().equals(field));
    }

    /** Throws 400 VALIDATION_ERROR naming every recorded problem. */
    public void throwIfInvalid() {
        if (!problems.isEmpty()) {
            throw ApiException.validation(problems);
        }
    }

    public static int characters(String value) {
        return value.codePointCount(0, value.length());
    }
}
