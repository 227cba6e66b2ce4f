package dev.voiceplatform.gateway.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.common.security.KeyPems;
import dev.voiceplatform.common.tenancy.KeyKind;
import dev.voiceplatform.common.tenancy.PlanFacts;
import dev.voiceplatform.common.tenancy.Tenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.junit.jupiter.api.Test;

class InternalTokensTest {

    /** Stands still between steps: real time passing while a token is signed must not count. */
    private static final class StoppedClock extends Clock {
        private static final Instant START = Instant.parse("2026-11-01T12:00:00Z");
        private Instant now = START;

        void advance(Duration by) {
            now = now.plus(by);
        }

        void reset() {
            now = START;
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }

    private final StoppedClock clock = new StoppedClock();
    private final InternalTokens tokens = new InternalTokens(new InternalTokenIssuer("voice-platform-test",
            Optional.of(KeyPems.privatePem(KeyPems.generate())), Optional.empty(), clock), clock);

    private static final OwningService AGENTS = new OwningService("agents");

    private static Tenant tenant(String... scopes) {
        return new Tenant(UUID.fromString("0199a000-0000-7000-8000-0000000000aa"), "key-1", KeyKind.ORGANIZATION,
                Set.of(scopes), new PlanFacts("premium", 50, "active", Set.of(), true));
    }

    @Test
    void aTokenIsReusedForThirtySecondsThenSignedAgain() {
        String first = tokens.forRequest(tenant("agents:read"), AGENTS);
        clock.advance(Duration.ofSeconds(29));
        assertEquals(first, tokens.forRequest(tenant("agents:read"), AGENTS));
        clock.advance(Duration.ofSeconds(1));
        assertNotEquals(first, tokens.forRequest(tenant("agents:read"), AGENTS));
    }

    @Test
    void anyChangeOfTheTenantGetsItsOwnToken() {
        String reader = tokens.forRequest(tenant("agents:read"), AGENTS);
        assertNotEquals(reader, tokens.forRequest(tenant("agents:read", "agents:write"), AGENTS));
        assertEquals(reader, tokens.forRequest(tenant("agents:read"), AGENTS));
    }

    @Test
    void eachOwningServiceGetsATokenAddressedToItAlone() throws Exception {
        String forAgents = tokens.forRequest(tenant("agents:read", "leads:read"), AGENTS);
        String forLeads = tokens.forRequest(tenant("agents:read", "leads:read"), new OwningService("leads"));
        assertNotEquals(forAgents, forLeads);
        assertEquals(List.of("agents"), audience(forAgents));
        assertEquals(List.of("leads"), audience(forLeads));
    }

    private static List<String> audience(String token) throws Exception {
        return new JwtConsumerBuilder().setSkipSignatureVerification().setSkipAllValidators().build()
                .processToClaims(token).getAudience();
    }

    @Test
    void aClockThatWentBackSignsAgain() {
        clock.advance(Duration.ofSeconds(10));
        String later = tokens.forRequest(tenant("agents:read"), AGENTS);
        clock.reset();
        assertNotEquals(later, tokens.forRequest(tenant("agents:read"), AGENTS));
    }
}
