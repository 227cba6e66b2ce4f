package dev.voiceplatform.common.api;

import dev.voiceplatform.common.error.ApiException;
import java.security.SecureRandom;
import java.util.UUID;
import java.util.regex.Pattern;

/** Identifier rules: time-ordered UUIDs for what we create; a path id that is not a UUID is simply not found. */
public final class Ids {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern CANONICAL_UUID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private static long lastMillis;
    private static int counter;

    private Ids() {
    }

    /**
     * A version 7 UUID: 48 bits of Unix milliseconds, a 12-bit counter, then random bits. The counter makes ids
     * made in the same millisecond by this process sort in creation order too (RFC 9562, method 1).
     */
    public static synchronized UUID newId() {
        long millis = System.currentTimeMillis();
        if (millis > lastMillis) {
            lastMillis = millis;
            counter = RANDOM.nextInt(0x800);
        } else if (++counter > 0xFFF) {
            lastMillis++;
            counter = 0;
        }
        long high = (lastMillis << 16) | 0x7000L | counter;
        long low = (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low);
    }

    /** Parses an id from a path; anything malformed answers 404 NOT_FOUND (tenancy rule 2). */
    public static UUID fromPath(String raw, String what) {
        UUID parsed = parseOrNull(raw);
        if (parsed == null) {
            throw ApiException.notFound(what);
        }
        return parsed;
    }

    /** A canonical UUID, or null. */
    public static UUID parseOrNull(String raw) {
        if (raw == null || !CANONICAL_UUID.matcher(raw).matches()) {
            return null;
        }
        return UUID.fromString(raw);
    }
}
