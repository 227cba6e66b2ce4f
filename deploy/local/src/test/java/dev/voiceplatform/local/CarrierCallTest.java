package dev.voiceplatform.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.security.KeyPems;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.Signature;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class CarrierCallTest {

    @Test
    void theCarriersTokenIsAnInternalServiceTokenForTheRuntimeSignedWithThePlatformKey() throws Exception {
        KeyPair keys = KeyPems.generate();
        Instant now = Instant.parse("2026-11-24T10:00:00Z");

        String token = CarrierCall.serviceToken(keys.getPrivate(), now);

        String[] parts = token.split("\\.");
        assertEquals(3, parts.length);
        Signature verifier = Signature.getInstance("SHA256withRSA");
        verifier.initVerify(keys.getPublic());
        verifier.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
        assertTrue(verifier.verify(Base64.getUrlDecoder().decode(parts[2])), "signed with the platform key");
        JsonNode header = new ObjectMapper().readTree(Base64.getUrlDecoder().decode(parts[0]));
        assertEquals("RS256", header.get("alg").asText());
        JsonNode claims = new ObjectMapper().readTree(Base64.getUrlDecoder().decode(parts[1]));
        assertEquals("voice-platform", claims.get("iss").asText());
        assertEquals("runtime", claims.get("aud").asText());
        assertEquals("internal", claims.get("groups").get(0).asText());
        assertEquals(now.getEpochSecond(), claims.get("iat").asLong());
        assertEquals(60, claims.get("exp").asLong() - claims.get("iat").asLong(), "services refuse longer lives");
    }
}
