package dev.voiceplatform.common.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.error.FieldError;
import org.junit.jupiter.api.Test;

class JsonBodyTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void aMissingOrNonObjectBodyIsAnInvalidRequest() throws Exception {
        assertEquals(ErrorCode.INVALID_REQUEST, assertThrows(ApiException.class, () -> JsonBody.of(null)).code());
        assertEquals(ErrorCode.INVALID_REQUEST, assertThrows(ApiException.class, () -> JsonBody.of(json("[]"))).code());
        assertEquals(ErrorCode.INVALID_REQUEST, assertThrows(ApiException.class, () -> JsonBody.of(json("\"x\""))).code());
        assertTrue(!JsonBody.ofOptional(null).has("anything"));
    }

    @Test
    void tellsAbsentFromNullAndCollectsEveryProblem() throws Exception {
        JsonBody body = JsonBody.of(json("{\"a\": null, \"b\": 3, \"c\": \"x\", \"d\": \"yes\", \"e\": 1.5}"));
        assertTrue(body.has("a"));
        assertNull(body.string("a"));
        assertNull(body.string("b"));
        assertEquals("x", body.string("c"));
        assertNull(body.bool("d"));
        assertNull(body.integer("e"));
        body.requiredString("missing");
        ApiException e = assertThrows(ApiException.class, body::throwIfInvalid);
        assertEquals(ErrorCode.VALIDATION_ERROR, e.code());
        assertEquals(4, e.fields().size());
        assertEquals("b", e.fields().get(0).field());
        assertTrue(e.fields().contains(new FieldError("missing", "is required")));
    }

    @Test
    void charactersAreCodePoints() throws Exception {
        assertEquals(3, JsonBody.characters("ש😀a"));
        JsonBody body = JsonBody.of(json("{}"));
        body.maxCharacters("name", "😀".repeat(100), 100);
        body.throwIfInvalid();
        body.maxCharacters("name", "😀".repeat(101), 100);
        assertThrows(ApiException.class, body::throwIfInvalid);
    }

    @Test
    void keysOutsideTheKnownOnesAreListedInDetailsUnknown() throws Exception {
        JsonBody.of(json("{\"a\":1,\"b\":null}")).rejectUnknown(java.util.Set.of("a", "b", "c"));
        ApiException refused = assertThrows(ApiException.class,
                () -> JsonBody.of(json("{\"a\":1,\"zz\":2,\"yy\":3}")).rejectUnknown(java.util.Set.of("a")));
        assertEquals(ErrorCode.UNKNOWN_FIELD, refused.code());
        assertEquals(400, refused.status());
        assertEquals(java.util.List.of("zz", "yy"), refused.details().get("unknown"));
    }
}
