package dev.voiceplatform.common.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.error.FieldError;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The one rule for what a JSON body may hold, checked before any service reads it. Jackson alone is lenient
 * where the platform must not be: it stops after the first document (trailing garbage, two concatenated
 * documents), decodes overlong and surrogate UTF-8 sequences, and keeps an unpaired surrogate escape, which
 * PostgreSQL then stores as "?". PostgreSQL refuses a NUL character in text outright, which would otherwise
 * surface as a 500 after the request was accepted.
 */
public final class StrictJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private StrictJson() {
    }

    /**
     * Checks a body: 400 INVALID_REQUEST when it is not exactly one well-formed JSON document in valid UTF-8
     * or holds an unpaired surrogate, 400 VALIDATION_ERROR naming every field whose text holds a NUL character.
     * An empty body is left to the endpoint, which knows whether it needs one.
     */
    public static void check(byte[] body) {
        if (body.length == 0) {
            return;
        }
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body));
        } catch (CharacterCodingException e) {
            throw ApiException.of(ErrorCode.INVALID_REQUEST, "The body is not valid UTF-8");
        }
        JsonNode document;
        try {
            document = MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            throw ApiException.of(ErrorCode.INVALID_REQUEST, "The body is not one valid JSON document");
        } catch (java.io.IOException e) {
            throw ApiException.of(ErrorCode.INVALID_REQUEST, "The body could not be read");
        }
        if (document == null || document.isMissingNode()) {
            return;
        }
        List<FieldError> nulFields = new ArrayList<>();
        walk(document, "", nulFields);
        if (!nulFields.isEmpty()) {
            throw ApiException.validation(nulFields);
        }
    }

    private static void walk(JsonNode node, String path, List<FieldError> nulFields) {
        if (node.isTextual()) {
            checkText(node.textValue(), path.isEmpty() ? "body" : path, nulFields);
        } else if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                String fieldPath = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                checkText(field.getKey(), fieldPath, nulFields);
                walk(field.getValue(), fieldPath, nulFields);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), path + "[" + i + "]", nulFields);
            }
        }
    }

    private static void checkText(String text, String field, List<FieldError> nulFields) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\u0000') {
                if (nulFields.stream().noneMatch(f -> f.field().equals(field))) {
                    nulFields.add(new FieldError(field, "must not contain a NUL character"));
                }
            } else if (Character.isHighSurrogate(c)) {
                if (i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    throw unpairedSurrogate(field);
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                throw unpairedSurrogate(field);
            }
        }
    }

    private static ApiException unpairedSurrogate(String field) {
        return ApiException.of(ErrorCode.INVALID_REQUEST, field + " holds an unpaired surrogate escape, which is "
                + "not a character");
    }
}
