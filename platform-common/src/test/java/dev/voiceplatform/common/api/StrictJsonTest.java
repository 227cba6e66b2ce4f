package dev.voiceplatform.common.api;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.error.FieldError;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class StrictJsonTest {

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static ApiException refused(byte[] body) {
        return assertThrows(ApiException.class, () -> StrictJson.check(body));
    }

    @Test
    void oneWellFormedDocumentPasses() {
        assertDoesNotThrow(() -> StrictJson.check(utf8("{\"name\": \"שלום 😀\", \"tags\": [\"a\", 1, null]}  \n")));
        assertDoesNotThrow(() -> StrictJson.check(utf8("\"\\ud83d\\ude00\"")));
        assertDoesNotThrow(() -> StrictJson.check(new byte[0]));
    }

    @Test
    void trailingGarbageAndConcatenatedDocumentsAreInvalidRequests() {
        assertEquals(ErrorCode.INVALID_REQUEST, refused(utf8("{\"a\":1} x")).code());
        assertEquals(ErrorCode.INVALID_REQUEST, refused(utf8("{\"a\":1}{\"a\":2}")).code());
        assertEquals(ErrorCode.INVALID_REQUEST, refused(utf8("{\"a\":1")).code());
    }

    @Test
    void malformedUtf8IsAnInvalidRequest() {
        // "/" as the overlong two-byte sequence C0 AF, and an encoded surrogate half (ED A0 80).
        byte[] overlong = {'{', '"', 'a', '"', ':', '"', (byte) 0xC0, (byte) 0xAF, '"', '}'};
        byte[] encodedSurrogate = {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'};
        byte[] truncated = {'"', (byte) 0xE2, (byte) 0x82, '"'};
        assertEquals(ErrorCode.INVALID_REQUEST, refused(overlong).code());
        assertEquals(ErrorCode.INVALID_REQUEST, refused(encodedSurrogate).code());
        assertEquals(ErrorCode.INVALID_REQUEST, refused(truncated).code());
    }

    @Test
    void anUnpairedSurrogateEscapeIsAnInvalidRequestNamingTheField() {
        ApiException lone = refused(utf8("{\"profile\": {\"name\": \"a\\ud800b\"}}"));
        assertEquals(ErrorCode.INVALID_REQUEST, lone.code());
        assertEquals("profile.name holds an unpaired surrogate escape, which is not a character", lone.getMessage());
        assertEquals(ErrorCode.INVALID_REQUEST, refused(utf8("[\"\\udc00\"]")).code());
        assertEquals(ErrorCode.INVALID_REQUEST, refused(utf8("{\"\\ud800\": 1}")).code());
    }

    @Test
    void aNulCharacterAnywhereIsAValidationErrorNamingEveryFieldOnce() {
        ApiException nul = refused(utf8("{\"name\": \"a\\u0000b\\u0000\", \"metadata\": {\"k\": [\"ok\", \"\\u0000\"]}}"));
        assertEquals(ErrorCode.VALIDATION_ERROR, nul.code());
        assertEquals(List.of(new FieldError("name", "must not contain a NUL character"),
                new FieldError("metadata.k[1]", "must not contain a NUL character")), nul.fields());
        assertEquals(List.of(new FieldError("body", "must not contain a NUL character")),
                refused(utf8("\"\\u0000\"")).fields());
        assertEquals(ErrorCode.VALIDATION_ERROR, refused(utf8("{\"a\\u0000\": 1}")).code());
    }
}
