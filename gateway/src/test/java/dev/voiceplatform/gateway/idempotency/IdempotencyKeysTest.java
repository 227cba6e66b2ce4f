package dev.voiceplatform.gateway.idempotency;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdempotencyKeysTest {

    private static byte[] fingerprint(HttpMethod method, String path, String query, String ifMatch, String body) {
        return IdempotencyKeys.fingerprint(method, path, query, ifMatch, Buffer.buffer(body));
    }

    @Test
    void postPutAndPatchHonourTheKey() {
        assertTrue(IdempotencyKeys.honoured(HttpMethod.POST));
        assertTrue(IdempotencyKeys.honoured(HttpMethod.PUT));
        assertTrue(IdempotencyKeys.honoured(HttpMethod.PATCH));
        assertFalse(IdempotencyKeys.honoured(HttpMethod.GET));
        assertFalse(IdempotencyKeys.honoured(HttpMethod.DELETE));
    }

    @Test
    void aKeyOf255CharactersIsAcceptedAndOf256Refused() {
        assertEquals("k".repeat(255), IdempotencyKeys.validate("k".repeat(255)));
        ApiException refused = assertThrows(ApiException.class, () -> IdempotencyKeys.validate("k".repeat(256)));
        assertEquals(ErrorCode.VALIDATION_ERROR, refused.code());
        assertEquals("Idempotency-Key", refused.fields().get(0).field());
    }

    @ParameterizedTest
    @ValueSource(strings = { "", "tab\there", "é-key" })
    void anEmptyOrUnprintableKeyIsRefused(String key) {
        assertEquals(ErrorCode.VALIDATION_ERROR,
                assertThrows(ApiException.class, () -> IdempotencyKeys.validate(key)).code());
    }

    @Test
    void theFingerprintIsStableAndBindsEveryPart() {
        byte[] base = fingerprint(HttpMethod.POST, "/v1/agents", "a=1", "3", "{}");
        assertArrayEquals(base, fingerprint(HttpMethod.POST, "/v1/agents", "a=1", "3", "{}"));
        List<byte[]> others = List.of(
                fingerprint(HttpMethod.PUT, "/v1/agents", "a=1", "3", "{}"),
                fingerprint(HttpMethod.POST, "/v1/agents/x", "a=1", "3", "{}"),
                fingerprint(HttpMethod.POST, "/v1/agents", "a=2", "3", "{}"),
                fingerprint(HttpMethod.POST, "/v1/agents", null, "3", "{}"),
                fingerprint(HttpMethod.POST, "/v1/agents", "a=1", "4", "{}"),
                fingerprint(HttpMethod.POST, "/v1/agents", "a=1", null, "{}"),
                fingerprint(HttpMethod.POST, "/v1/agents", "a=1", "3", "{ }"),
                // Parts that would concatenate to the same text still differ.
                fingerprint(HttpMethod.POST, "/v1/agents", "a=13", "", "{}"));
        for (byte[] other : others) {
            assertFalse(Arrays.equals(base, other));
        }
        assertEquals(32, base.length);
    }

    @Test
    void theServiceKeyStandsForOneRequestOfOneApiKey() {
        UUID apiKey = UUID.fromString("0199a000-0000-7000-8000-0000000000a1");
        byte[] request = fingerprint(HttpMethod.POST, "/v1/leads", null, null, "{}");
        String base = IdempotencyKeys.forService(apiKey, "retry-1", request);

        assertEquals(base, IdempotencyKeys.forService(apiKey, "retry-1", request.clone()));
        assertTrue(base.matches("[0-9a-f]{64}"), base);
        List<String> others = List.of(
                IdempotencyKeys.forService(UUID.fromString("0199a000-0000-7000-8000-0000000000a2"), "retry-1", request),
                IdempotencyKeys.forService(apiKey, "retry-2", request),
                IdempotencyKeys.forService(apiKey, "retry-1", fingerprint(HttpMethod.POST, "/v1/leads", null, null, "{ }")));
        for (String other : others) {
            assertNotEquals(base, other);
        }
    }
}
