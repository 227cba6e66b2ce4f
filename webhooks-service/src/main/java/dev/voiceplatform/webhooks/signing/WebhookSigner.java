package dev.voiceplatform.webhooks.signing;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The two signature sets of part 6.1 over one request: {@code X-Webhook-Signature} ({@code v1=} and hex of
 * HMAC-SHA256 over {@code <timestamp>.<body>}, keyed with the whole secret string) and the Standard Webhooks
 * {@code webhook-signature} ({@code v1,} and base64 of HMAC-SHA256 over {@code <id>.<timestamp>.<body>}, keyed with
 * the base64-decoded part after {@code whsec_}, or with the whole secret when that part is not base64).
 */
public final class WebhookSigner {

    public static final String PREFIX = "whsec_";
    /** Random bytes behind the prefix of a new secret. */
    static final int SECRET_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private WebhookSigner() {
    }

    /** A new signing secret: {@code whsec_} and base64 of 32 random bytes. */
    public static String newSecret() {
        byte[] bytes = new byte[SECRET_BYTES];
        RANDOM.nextBytes(bytes);
        return PREFIX + Base64.getEncoder().encodeToString(bytes);
    }

    /** The value of {@code X-Webhook-Signature}. */
    public static String platformSignature(String secret, long timestamp, byte[] body) {
        byte[] mac = hmac(secret.getBytes(StandardCharsets.UTF_8), (timestamp + ".").getBytes(StandardCharsets.UTF_8),
                body);
        return "v1=" + HexFormat.of().formatHex(mac);
    }

    /** The value of {@code webhook-signature}. */
    public static String standardSignature(String secret, String messageId, long timestamp, byte[] body) {
        byte[] mac = hmac(standardKey(secret), (messageId + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8),
                body);
        return "v1," + Base64.getEncoder().encodeToString(mac);
    }

    /** The Standard Webhooks key: the decoded base64 after the prefix, else the whole secret's bytes. */
    static byte[] standardKey(String secret) {
        if (secret.startsWith(PREFIX)) {
            try {
                byte[] decoded = Base64.getDecoder().decode(secret.substring(PREFIX.length()));
                if (decoded.length > 0) {
                    return decoded;
                }
            } catch (IllegalArgumentException notBase64) {
                // Secrets made before base64 ones hold a uuid after the prefix: the whole string is the key.
            }
        }
        return secret.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] hmac(byte[] key, byte[] prefix, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(prefix);
            mac.update(body);
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }
}
