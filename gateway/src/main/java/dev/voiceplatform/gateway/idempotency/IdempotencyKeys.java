package dev.voiceplatform.gateway.idempotency;

import dev.voiceplatform.common.error.ApiException;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Set;
import java.util.UUID;

/** The rules of an {@code Idempotency-Key} (part 5, rule 11) that need no store. */
public final class IdempotencyKeys {

    public static final String HEADER = "Idempotency-Key";
    public static final String REPLAYED_HEADER = "Idempotency-Replayed";
    public static final int MAX_LENGTH = 255;
    private static final Set<HttpMethod> HONOURED = Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH);

    private IdempotencyKeys() {
    }

    /** POST, PUT and PATCH honour the key; other methods ignore it (DELETE needs none). */
    public static boolean honoured(HttpMethod method) {
        return HONOURED.contains(method);
    }

    /** The key as sent, or 400 VALIDATION_ERROR when it is empty, longer than 255 characters or not printable. */
    public static String validate(String key) {
        if (key.isEmpty() || key.length() > MAX_LENGTH) {
            throw ApiException.validation(HEADER, "must be 1 to " + MAX_LENGTH + " characters");
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                throw ApiException.validation(HEADER, "must be printable ASCII characters");
            }
        }
        return key;
    }

    /**
     * SHA-256 over what binds a key to its request: method, path, query, If-Match and the exact body bytes. Every
     * part is length-prefixed, so no two different requests can share an encoding.
     */
    public static byte[] fingerprint(HttpMethod method, String path, String query, String ifMatch, Buffer body) {
        MessageDigest digest = sha256();
        for (String part : new String[] {method.name(), path, query, ifMatch}) {
            if (part == null) {
                digest.update(lengthPrefix(-1));
            } else {
                byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
                digest.update(lengthPrefix(bytes.length));
                digest.update(bytes);
            }
        }
        byte[] bytes = body.getBytes();
        digest.update(lengthPrefix(bytes.length));
        digest.update(bytes);
        return digest.digest();
    }

    /**
     * The key the service records its create under (the choice is explained on
     * {@link dev.voiceplatform.common.idempotency.IdempotentCreates}): SHA-256 in hex over the API key, the caller's key
     * and the request's fingerprint, so it stands for exactly one request of one API key, like the gateway's own claim,
     * and tells the service nothing of the caller's key.
     */
    public static String forService(UUID apiKeyId, String key, byte[] fingerprint) {
        MessageDigest digest = sha256();
        for (byte[] part : new byte[][] {apiKeyId.toString().getBytes(StandardCharsets.US_ASCII),
                key.getBytes(StandardCharsets.US_ASCII), fingerprint}) {
            digest.update(lengthPrefix(part.length));
            digest.update(part);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static byte[] lengthPrefix(int length) {
        return new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length};
    }
}
