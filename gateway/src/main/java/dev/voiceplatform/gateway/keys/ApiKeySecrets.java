package dev.voiceplatform.gateway.keys;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The key formats of part 5 (the prefix of the key's {@link KeyOrigin} and 32 random letters and digits) and what is
 * stored instead of a key: its SHA-256 hash and a short display prefix.
 */
public final class ApiKeySecrets {

    private static final int RANDOM_LENGTH = 32;
    private static final int DISPLAY_PREFIX_LENGTH = 12;
    private static final char[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();
    private static final Pattern FORMAT = Pattern.compile(Arrays.stream(KeyOrigin.values())
            .map(origin -> Pattern.quote(origin.prefix())).collect(Collectors.joining("|", "(", ")"))
            + "[A-Za-z0-9]{" + RANDOM_LENGTH + "}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeySecrets() {
    }

    public static String generate(KeyOrigin origin) {
        StringBuilder key = new StringBuilder(origin.prefix().length() + RANDOM_LENGTH).append(origin.prefix());
        for (int i = 0; i < RANDOM_LENGTH; i++) {
            key.append(ALPHABET[RANDOM.nextInt(ALPHABET.length)]);
        }
        return key.toString();
    }

    public static boolean wellFormed(String candidate) {
        return candidate != null && FORMAT.matcher(candidate).matches();
    }

    /** Lowercase hex SHA-256 of the key's UTF-8 bytes. */
    public static String hash(String key) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /** Enough of the key for a person to recognise it in a list, far too little to use it. */
    public static String displayPrefix(String key) {
        return key.substring(0, DISPLAY_PREFIX_LENGTH);
    }
}
