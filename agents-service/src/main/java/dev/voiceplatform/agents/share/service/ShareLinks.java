package dev.voiceplatform.agents.share.service;

import dev.voiceplatform.common.api.Ids;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs and checks share-link tokens {@code shr_<agent id>_<expiry, Unix seconds>_<signature>}. The signature is
 * the lowercase hex HMAC-SHA256, under the platform's share secret, of {@code share-link:v1:<agent id>:<expiry>}:
 * hex because base64url's {@code _} would collide with the separators. Nothing is stored, so a link cannot be
 * revoked before it expires (part 4.2); rotating the secret voids every link.
 */
public final class ShareLinks {

    public static final int MIN_SECRET_CHARACTERS = 32;
    static final String PREFIX = "shr_";
    private static final String ALGORITHM = "HmacSHA256";
    private static final String SIGNED_CONTEXT = "share-link:v1:";
    private static final Pattern TOKEN = Pattern.compile(
            "shr_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([1-9][0-9]{0,11})_([0-9a-f]{64})");

    private final SecretKeySpec key;

    /** Refuses a missing or short secret; the message never contains the secret. */
    public ShareLinks(String secret) {
        if (secret == null || secret.isBlank()) {
            throw new IllegalStateException("platform.share.secret (environment PLATFORM_SHARE_SECRET) is not set; "
                    + "share links need a secret of at least " + MIN_SECRET_CHARACTERS + " characters");
        }
        if (secret.length() < MIN_SECRET_CHARACTERS) {
            throw new IllegalStateException("platform.share.secret (environment PLATFORM_SHARE_SECRET) is too short: "
                    + "at least " + MIN_SECRET_CHARACTERS + " characters are needed");
        }
        this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM);
    }

    /** Why a token is refused. */
    public enum Refusal {
        /** Not shaped like a token (wrong prefix, parts or length). */
        MALFORMED,
        /** Well shaped, but the signature is not ours for this agent and expiry: altered, or another secret. */
        FORGED,
        /** Genuine, and past its expiry. */
        EXPIRED,
        /** Genuine and unexpired, but the agent is not published (or is gone): the link works only while it is. */
        AGENT_NOT_PUBLISHED
    }

    /** The agent a token opens, or why it opens nothing. */
    public record Verification(UUID agentId, Refusal refusal) {

        static Verification valid(UUID agentId) {
            return new Verification(agentId, null);
        }

        static Verification refused(Refusal refusal) {
            return new Verification(null, refusal);
        }

        public boolean isValid() {
            return refusal == null;
        }
    }

    public String token(UUID agentId, Instant expiresAt) {
        long expiry = expiresAt.getEpochSecond();
        return PREFIX + agentId + "_" + expiry + "_" + HexFormat.of().formatHex(signature(agentId.toString(), expiry));
    }

    /**
     * Checks shape, signature (compared in constant time) and expiry, in that order; valid until the expiry second.
     * Whether the agent is published is asked of the database by {@link ShareLinkVerifier}.
     */
    public Verification check(String token, Instant now) {
        Matcher parts = token == null ? null : TOKEN.matcher(token);
        if (parts == null || !parts.matches()) {
            return Verification.refused(Refusal.MALFORMED);
        }
        String agentId = parts.group(1);
        long expiry = Long.parseLong(parts.group(2));
        byte[] expected = signature(agentId, expiry);
        byte[] presented = HexFormat.of().parseHex(parts.group(3));
        if (!MessageDigest.isEqual(expected, presented)) {
            return Verification.refused(Refusal.FORGED);
        }
        if (now.getEpochSecond() >= expiry) {
            return Verification.refused(Refusal.EXPIRED);
        }
        return Verification.valid(Ids.parseOrNull(agentId));
    }

    private byte[] signature(String agentId, long expiry) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal((SIGNED_CONTEXT + agentId + ":" + expiry).getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available", e);
        }
    }
}
