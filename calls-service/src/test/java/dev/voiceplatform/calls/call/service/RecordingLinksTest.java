package dev.voiceplatform.calls.call.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The signature of a recording link is the hex HMAC-SHA256 of "<id>.<expires>" under the signing secret. */
class RecordingLinksTest {

    @Test
    void signsTheCallIdAndExpiryWithHmacSha256InLowercaseHex() {
        // printf '%s' '00000000-0000-0000-0000-000000000001.1900000000' | openssl dgst -sha256 -hmac 'secret'
        assertEquals("dfb9c4b0c0a15bb230c3634321cc30c4ae36a15d56eea2f3c347e04408a58c29",
                RecordingLinks.sign("secret", UUID.fromString("00000000-0000-0000-0000-000000000001"), 1_900_000_000L));
    }
}
