package dev.voiceplatform.gateway.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.common.security.KeyPems;
import dev.voiceplatform.common.tenancy.KeyKind;
import dev.voiceplatform.common.tenancy.PlanFacts;
import dev.voiceplatform.common.tenancy.Tenant;
import dev.voiceplatform.gateway.support.TestClock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class InternalTokensTest {

    private final TestClock clock = new TestClock();
    private final InternalTokens tokens = new InternalTokens(new InternalTokenIssuer("voice-platform-test",
            Optional.of(KeyPems.privatePem(KeyPems.generate())), Optional.empty(), clock), clock);

    private static Tenant tenant(String... scopes) {
        return new Tenant(UUID.fromString("0199a000-0000-7000-8000-0000000000aa"), "key-1", KeyKind.ORGANIZATION,
                Set.of(scopes), new PlanFacts("premium", 50, "active", Set.of(), true));
    }

    @Test
    void aTokenIsReusedForThirtySecondsThenSignedAgain() {
        String first = tokens.forRequest(tenant("agents:read"));
        clock.advance(Duration.ofSeconds(29));
        assertEquals(first, tokens.forRequest(tenant("agents:read")));
        clock.advance(Duration.ofSeconds(1));
        assertNotEquals(first, tokens.forRequest(tenant("agents:read")));
    }

    @Test
    void anyChangeOfTheTenantGetsItsOwnToken() {
        String reader = tokens.forRequest(tenant("agents:read"));
        assertNotEquals(reader, tokens.forRequest(tenant("agents:read", "agents:write")));
        assertEquals(reader, tokens.forRequest(tenant("agents:read")));
    }

    @Test
    void aClockThatWentBackSignsAgain() {
        clock.advance(Duration.ofSeconds(10));
        String later = tokens.forRequest(tenant("agents:read"));
        clock.reset();
        assertNotEquals(later, tokens.forRequest(tenant("agents:read")));
    }
}
