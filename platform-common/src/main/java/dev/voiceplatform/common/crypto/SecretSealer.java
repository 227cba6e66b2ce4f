package dev.voiceplatform.common.crypto;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Seals secrets for storage with AES-256-GCM: {@code v1:<key id>:<base64 of nonce | ciphertext | tag>}.
 *
 * <p>Each value gets a fresh random 96-bit nonce under the configured key rather than a data key of its own
 * wrapped by that key: the key lives in this process's configuration, not in a key service, so a wrapped data key
 * would be opened by the same key that opens everything else and adds 60 bytes to each value for no protection.
 * Random nonces are safe for up to 2^32 seals per key (NIST SP 800-38D), far more credentials than a key sees
 * before it is rotated. The key id in the stored form is what makes rotation possible: a value opens under the
 * key it names, whichever key is current.
 *
 * <p>The tag also covers the {@code v1:<key id>:} header and a context the caller names (say the table, the
 * owning organization and the setting): a value copied to another owner or another setting does not open.
 * Exceptions name the reason and the key id, never the value or a key.
 */
public final class SecretSealer {

    static final String VERSION = "v1";
    private static final String TRANSFORMATION = "AES/GCM/NoPadding";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final Pattern SEALED = Pattern.compile(
            VERSION + ":(" + EncryptionKeys.KEY_ID.pattern() + "):([A-Za-z0-9+/]+={0,2})");

    private final EncryptionKeys keys;
    private final SecureRandom random = new SecureRandom();

    public SecretSealer(EncryptionKeys keys) {
        this.keys = keys;
    }

    /** Whether {@code stored} has the sealed shape (it may still fail to open). */
    public static boolean isSealed(String stored) {
        return stored != null && SEALED.matcher(stored).matches();
    }

    /** Seals {@code plaintext} under the current key, bound to {@code context}. */
    public String seal(String plaintext, String context) {
        String keyId = keys.currentKeyId();
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.ENCRYPT_MODE, keys.current(), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(associatedData(keyId, context));
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            byte[] stored = ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array();
            return VERSION + ":" + keyId + ":" + Base64.getEncoder().encodeToString(stored);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /** Opens a value {@link #seal} made with the same {@code context}, under whichever configured key it names. */
    public String open(String sealed, String context) {
        Matcher parts = sealed == null ? null : SEALED.matcher(sealed);
        if (parts == null || !parts.matches()) {
            throw new SealedValueException(SealedValueException.Reason.MALFORMED,
                    "the value is not sealed (" + VERSION + ":<key id>:<base64>)");
        }
        String keyId = parts.group(1);
        SecretKey key = keys.find(keyId).orElseThrow(() -> new SealedValueException(
                SealedValueException.Reason.UNKNOWN_KEY, "the value is sealed under key '" + keyId
                        + "', which platform.crypto.keys does not hold"));
        byte[] stored = base64(parts.group(2));
        if (stored == null || stored.length < NONCE_BYTES + TAG_BITS / 8) {
            throw new SealedValueException(SealedValueException.Reason.MALFORMED,
                    "the sealed value is not base64 of a nonce, a ciphertext and a tag");
        }
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, stored, 0, NONCE_BYTES));
            cipher.updateAAD(associatedData(keyId, context));
            byte[] plaintext = cipher.doFinal(stored, NONCE_BYTES, stored.length - NONCE_BYTES);
            return new String(plaintext, StandardCharsets.UTF_8);
        } catch (AEADBadTagException e) {
            throw new SealedValueException(SealedValueException.Reason.TAMPERED, "the value sealed under key '"
                    + keyId + "' does not open: altered, moved to another context, or the key changed");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /**
     * The secret a stored value holds: opened when sealed, as it is when it predates sealing (stored in plain
     * text; the caller seals it on its next write).
     */
    public String openStored(String stored, String context) {
        return isSealed(stored) ? open(stored, context) : stored;
    }

    /** The id of the key {@link #seal} uses. */
    public String currentKeyId() {
        return keys.currentKeyId();
    }

    /** What every value sealed under the current key starts with. */
    public String currentPrefix() {
        return VERSION + ":" + keys.currentKeyId() + ":";
    }

    /** Whether {@code stored} is plain text or sealed under a key other than the current one. */
    public boolean needsResealing(String stored) {
        return !isSealed(stored) || !stored.startsWith(currentPrefix());
    }

    /** {@code stored} (sealed under any configured key, or plain) sealed again under the current key. */
    public String reseal(String stored, String context) {
        return seal(openStored(stored, context), context);
    }

    private static byte[] base64(String encoded) {
        try {
            return Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static byte[] associatedData(String keyId, String context) {
        return (VERSION + ":" + keyId + ":" + context).getBytes(StandardCharsets.UTF_8);
    }
}
