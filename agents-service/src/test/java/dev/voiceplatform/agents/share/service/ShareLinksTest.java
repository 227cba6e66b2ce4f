package dev.voiceplatform.agents.share.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.agents.share.service.ShareLinks.Refusal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class ShareLinksTest {

    private static final String SECRET = "0123456789abcdef0123456789abcdef-unit";
    private static final ShareLinks LINKS = new ShareLinks(SECRET);
    private static final UUID AGENT = UUID.fromString("0190f1c2-3b4a-7c5d-8e6f-a1b2c3d4e5f6");
    private static final Instant NOW = Instant.parse("2026-11-21T08:00:00Z");
    private static final Instant EXPIRY = NOW.plusSeconds(3600);

    @Test
    void aTokenIsThePrefixTheAgentTheExpiryAndTheHexHmacOverThem() throws Exception {
        String token = LINKS.token(AGENT, EXPIRY);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String signature = HexFormat.of().formatHex(mac.doFinal(("share-link:v1:" + AGENT + ":"
                + EXPIRY.getEpochSecond()).getBytes(StandardCharsets.UTF_8)));
        assertEquals("shr_" + AGENT + "_" + EXPIRY.getEpochSecond() + "_" + signature, token);
    }

    @Test
    void aGenuineTokenOpensItsAgentUntilTheExpirySecond() {
        String token = LINKS.token(AGENT, EXPIRY);
        ShareLinks.Verification valid = LINKS.check(token, NOW);
        assertTrue(valid.isValid());
        assertEquals(AGENT, valid.agentId());
        assertNull(valid.refusal());
        assertTrue(LINKS.check(token, EXPIRY.minusSeconds(1)).isValid());
        assertEquals(Refusal.EXPIRED, LINKS.check(token, EXPIRY).refusal());
        assertEquals(Refusal.EXPIRED, LINKS.check(token, EXPIRY.plusSeconds(86_400)).refusal());
        assertNull(LINKS.check(token, EXPIRY).agentId());
    }

    @Test
    void anyAlteredPartOrAnotherSecretIsForged() {
        String token = LINKS.token(AGENT, EXPIRY);
        String[] parts = token.split("_");
        String signature = parts[3];
        String flipped = (signature.charAt(0) == 'a' ? 'b' : 'a') + signature.substring(1);
        assertForged("shr_" + parts[1] + "_" + parts[2] + "_" + flipped);
        assertForged("shr_" + UUID.randomUUID() + "_" + parts[2] + "_" + signature);
        assertForged("shr_" + parts[1] + "_" + (EXPIRY.getEpochSecond() + 86_400) + "_" + signature);
        assertForged(new ShareLinks(SECRET + "-other").token(AGENT, EXPIRY));
        assertFalse(LINKS.check(token, NOW).refusal() == Refusal.FORGED);
    }

    @Test
    void anythingNotShapedLikeATokenIsMalformed() {
        String token = LINKS.token(AGENT, EXPIRY);
        for (String malformed : new String[] {null, "", "shr_", token.substring(0, token.length() - 1), token + "0",
                token.replace("shr_", "shx_"), token.toUpperCase(), token.replace("_" + EXPIRY.getEpochSecond(), "_0"),
                token.replace("_" + EXPIRY.getEpochSecond(), "_-1"), " " + token, token + "\n",
                token.replace(AGENT.toString(), "not-an-agent")}) {
            ShareLinks.Verification refused = LINKS.check(malformed, NOW);
            assertEquals(Refusal.MALFORMED, refused.refusal(), String.valueOf(malformed));
            assertNull(refused.agentId());
        }
    }

    @Test
    void aMissingOrShortSecretIsRefusedWithoutRepeatingIt() {
        assertTrue(assertThrows(IllegalStateException.class, () -> new ShareLinks(null)).getMessage()
                .contains("PLATFORM_SHARE_SECRET"));
        assertThrows(IllegalStateException.class, () -> new ShareLinks("   "));
        String shortSecret = "s3cr3t-but-too-short";
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> new ShareLinks(shortSecret));
        assertFalse(refused.getMessage().contains(shortSecret));
        assertTrue(refused.getMessage().contains("32"));
    }

    private static void assertForged(String token) {
        ShareLinks.Verification refused = LINKS.check(token, NOW);
        assertEquals(Refusal.FORGED, refused.refusal(), token);
        assertNull(refused.agentId());
    }
}
