package dev.voiceplatform.gateway.versions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ErrorEnvelopeChangeTest {

    private final ObjectMapper json = new ObjectMapper();
    private final ErrorEnvelopeChange change = new ErrorEnvelopeChange(json);

    private static ApiResponse response(int status, String contentType, String body) {
        return new ApiResponse(status, MultiMap.caseInsensitiveMultiMap().add("Content-Type", contentType),
                Buffer.buffer(body));
    }

    @Test
    void isTheChangeOf20260806() {
        assertEquals("2026-08-06", change.version());
    }

    @ParameterizedTest
    @CsvSource({ "400, application/json, true", "429, application/json; charset=UTF-8, true",
            "503, application/problem+json, true", "500, text/plain, false", "200, application/json, false",
            "302, application/json, false" })
    void rewritesOnlyJsonErrors(int status, String contentType, boolean rewritten) {
        assertEquals(rewritten, change.rewritesResponse(status, contentType));
    }

    @Test
    void noContentTypeIsNotRewritten() {
        assertFalse(change.rewritesResponse(404, null));
    }

    @Test
    void theEnvelopeBecomesTheFlatForm() throws Exception {
        ApiResponse flat = change.downgradeResponse(response(404, "application/json",
                "{\"error\":{\"code\":\"AGENT_NOT_FOUND\",\"message\":\"No such agent\",\"hint\":\"Check the id.\"}}"));
        assertEquals(json.readTree("{\"error\":\"No such agent\",\"code\":\"AGENT_NOT_FOUND\"}"),
                json.readTree(flat.body().getBytes()));
        assertEquals(404, flat.status());
    }

    @Test
    void fieldsAndDetailsStayBesideTheCode() throws Exception {
        ApiResponse flat = change.downgradeResponse(response(400, "application/json",
                "{\"error\":{\"code\":\"VALIDATION_ERROR\",\"message\":\"name: too long\",\"hint\":\"h\","
                        + "\"fields\":[{\"field\":\"name\",\"reason\":\"too long\"}],\"details\":{\"max\":100}}}"));
        JsonNode body = json.readTree(flat.body().getBytes());
        assertEquals("name: too long", body.get("error").asText());
        assertEquals("VALIDATION_ERROR", body.get("code").asText());
        assertEquals("name", body.at("/fields/0/field").asText());
        assertEquals(100, body.at("/details/max").asInt());
        assertFalse(body.has("hint"));
    }

    @Test
    void aBodyThatIsNotTheEnvelopeIsLeftAsItIs() {
        for (String body : new String[] {"not json", "{\"error\":\"already flat\",\"code\":\"X\"}", "[1]",
                "{\"error\":{\"message\":\"no code\"}}", ""}) {
            ApiResponse original = response(500, "application/json", body);
            assertSame(original, change.downgradeResponse(original), body);
        }
    }

    @Test
    void requestsAreNotTouched() {
        ApiRequest request = new ApiRequest(MultiMap.caseInsensitiveMultiMap(), Buffer.buffer("{}"));
        assertSame(request, change.upgradeRequest(request));
        assertTrue(!change.rewritesRequest(null));
    }
}
