package dev.voiceplatform.common.crypto;

import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The AES-256 key-encryption keys by id, and which one seals new values. Built from configuration; refuses a
 * missing current key or a key of the wrong size with a message that names the setting and the key id, never the
 * key itself.
 */
public final class EncryptionKeys {

    public static final int KEY_BYTES = 32;
    static final Pattern KEY_ID = Pattern.compile("[a-z0-9]{1,32}");
    private static final Pattern HEX_KEY = Pattern.compile("[0-9a-fA-F]{" + (KEY_BYTES * 2) + "}");

    private final Map<String, SecretKey> keys;
    private final String currentKeyId;

    private EncryptionKeys(Map<String, SecretKey> keys, String currentKeyId) {
        this.keys = Map.copyOf(keys);
        this.currentKeyId = currentKeyId;
    }

    public static EncryptionKeys from(CryptoConfig config) {
        return of(config.keys(), config.currentKey().orElse(null));
    }

    /**
     * @param encodedKeys key id to key, 64 hex digits (what {@code ./platform up} generates) or base64 of 32 bytes
     * @param currentKeyId the id new values are sealed with; must be among {@code encodedKeys}
     */
    public static EncryptionKeys of(Map<String, String> encodedKeys, String currentKeyId) {
        if (currentKeyId == null || currentKeyId.isBlank()) {
            throw new IllegalStateException("platform.crypto.current-key (environment PLATFORM_CRYPTO_CURRENT_KEY) "
                    + "is not set; secrets at rest are sealed with the key it names, so the service does not start "
                    + "without one");
        }
        Map<String, SecretKey> keys = new TreeMap<>();
        for (Map.Entry<String, String> entry : encodedKeys.entrySet()) {
            String id = entry.getKey();
            if (!KEY_ID.matcher(id).matches()) {
                throw new IllegalStateException("platform.crypto.keys." + id + ": a key id is 1 to 32 lowercase "
                        + "letters and digits");
            }
            keys.put(id, new SecretKeySpec(decode(id, entry.getValue()), "AES"));
        }
        if (!keys.containsKey(currentKeyId)) {
            throw new IllegalStateException("platform.crypto.current-key names '" + currentKeyId + "', but "
                    + "platform.crypto.keys." + currentKeyId + " (environment PLATFORM_CRYPTO_KEYS_"
                    + currentKeyId.toUpperCase(Locale.ROOT) + ") is not set; configured key ids: "
                    + keys.keySet());
        }
        return new EncryptionKeys(keys, currentKeyId);
    }

    private static byte[] decode(String id, String encoded) {
        String value = encoded == null ? "" : encoded.trim();
        byte[] key;
        if (HEX_KEY.matcher(value).matches()) {
            key = HexFormat.of().parseHex(value);
        } else {
            try {
                key = Base64.getDecoder().decode(value);
            } catch (IllegalArgumentException e) {
                key = new byte[0];
            }
        }
        if (key.length != KEY_BYTES) {
            // The length of the value only: a near-miss key must not reach a log.
            throw new IllegalStateException("platform.crypto.keys." + id + " is not a " + KEY_BYTES + "-byte key: "
                    + "give " + (KEY_BYTES * 2) + " hex digits or the base64 of " + KEY_BYTES + " bytes");
        }
        return key;
    }

    public String currentKeyId() {
        return currentKeyId;
    }

    SecretKey current() {
        return keys.get(currentKeyId);
    }

    Optional<SecretKey> find(String keyId) {
        return Optional.ofNullable(keys.get(keyId));
    }

    /** Ids only: the keys never reach a string. */
    @Override
    public String toString() {
        return "EncryptionKeys[current=" + currentKeyId + ", ids=" + keys.keySet() + "]";
    }
}
