package dev.voiceplatform.common.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.junit.jupiter.api.Test;

class VerifiedTokensTest {

    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

    /** Stands for the full check: counts its calls, accepts "good-*" tokens expiring 60 s after NOW. */
    private static final class CountingVerifier extends DefaultJWTParser {
        final AtomicInteger checks = new AtomicInteger();

        @Override
        public JsonWebToken parse(String token) throws ParseException {
            checks.incrementAndGet();
            if (!token.startsWith("good-")) {
                throw new ParseException("refused");
            }
            return new Token(token, NOW.plusSeconds(60).getEpochSecond());
        }
    }

    private record Token(String name, long exp) implements JsonWebToken {
        @Override
        public String getName() {
            return name;
        }

        @Override
        public Set<String> getClaimNames() {
            return Set.of("exp");
        }

        @SuppressWarnings("unchecked")
        @Override
        public <T> T getClaim(String claim) {
            return (T) Map.of("exp", (Object) exp).get(claim);
        }
    }

    @Test
    void aTokenVerifiedOnceIsAnsweredFromMemoryUntilItExpires() throws ParseException {
        CountingVerifier verifier = new CountingVerifier();
        VerifiedTokens tokens = new VerifiedTokens(verifier, Clock.fixed(NOW, ZoneOffset.UTC));
        JsonWebToken first = tokens.parse("good-a");
        assertSame(first, tokens.parse("good-a"));
        assertEquals(1, verifier.checks.get(), "the second request skipped the full check");
        tokens.parse("good-b");
        assertEquals(2, verifier.checks.get(), "another token string is checked in full");

    }

    @Test
    void aRememberedTokenIsCheckedAgainInFullOnceItExpires() throws ParseException {
        CountingVerifier verifier = new CountingVerifier();
        MovableClock clock = new MovableClock();
        VerifiedTokens tokens = new VerifiedTokens(verifier, clock);
        tokens.parse("good-a");
        clock.now = NOW.plusSeconds(59);
        tokens.parse("good-a");
        assertEquals(1, verifier.checks.get(), "a second before exp: from memory");
        clock.now = NOW.plusSeconds(60);
        tokens.parse("good-a");
        assertEquals(2, verifier.checks.get(), "at exp: the full check again, which refuses what has expired");
    }

    @Test
    void aRefusedTokenIsNeverRemembered() {
        CountingVerifier verifier = new CountingVerifier();
        VerifiedTokens tokens = new VerifiedTokens(verifier, Clock.fixed(NOW, ZoneOffset.UTC));
        assertThrows(ParseException.class, () -> tokens.parse("forged"));
        assertThrows(ParseException.class, () -> tokens.parse("forged"));
        assertEquals(2, verifier.checks.get());
        assertEquals(0, tokens.remembered());
    }

    @Test
    void memoryIsBounded() throws ParseException {
        VerifiedTokens tokens = new VerifiedTokens(new CountingVerifier(), Clock.fixed(NOW, ZoneOffset.UTC));
        for (int i = 0; i <= VerifiedTokens.MAX_REMEMBERED; i++) {
            tokens.parse("good-" + i);
        }
        assertEquals(1, tokens.remembered(), "full of live tokens: forgotten all, then the new one kept");
    }

    private static final class MovableClock extends Clock {
        volatile Instant now = NOW;

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
