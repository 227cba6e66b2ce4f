package dev.voiceplatform.common.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class InternalTokenIssuerTest {

    private static final String SIGNING_KEY = KeyPems.privatePem(KeyPems.generate());
    private static final UUID ORGANIZATION = UUID.fromString("0195a2b0-0000-7000-8000-000000000001");

    /** A clock the test moves. */
    private static final class MovingClock extends Clock {
        Instant now = Instant.parse("2026-11-24T10:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final MovingClock clock = new MovingClock();
    private final InternalTokenIssuer issuer = new InternalTokenIssuer("voice-platform", Optional.of(SIGNING_KEY),
            Optional.empty(), clock);

    @Test
    void aServiceTokenIsSignedOnceAndReusedWhileHalfItsLifeRemains() throws IOException {
        String first = issuer.forService("calls", "runtime", ORGANIZATION);

        clock.now = clock.now.plus(Duration.ofSeconds(29));
        assertEquals(first, issuer.forService("calls", "runtime", ORGANIZATION), "30 of its 60 seconds are left");

        clock.now = clock.now.plus(Duration.ofSeconds(1));
        String second = issuer.forService("calls", "runtime", ORGANIZATION);
        assertNotEquals(first, second, "a token handed out always has at least 30 seconds left");
        assertEquals(clock.now.getEpochSecond(), claims(second).get("iat").asLong());
        assertEquals(60, claims(second).get("exp").asLong() - claims(second).get("iat").asLong());
    }

    @Test
    void anyOtherClaimSignsAnotherToken() throws IOException {
        String token = issuer.forService("calls", "runtime", ORGANIZATION);

        assertNotEquals(token, issuer.forService("calls", "agents", ORGANIZATION), "another audience");
        assertNotEquals(token, issuer.forService("gateway", "runtime", ORGANIZATION), "another subject");
        String otherOrganization = issuer.forService("calls", "runtime", UUID.randomUUID());
        assertNotEquals(token, otherOrganization, "another organization");
        String noOrganization = issuer.forService("calls", "runtime", null);
        assertEquals("runtime", claims(noOrganization).get("aud").asText());
        assertEquals(false, claims(noOrganization).has("org"));
        assertEquals(ORGANIZATION.toString(), claims(token).get("org").asText());
    }

    private static JsonNode claims(String token) throws IOException {
        return new ObjectMapper().readTree(Base64.getUrlDecoder().decode(token.split("\\.")[1]));
    }
}
