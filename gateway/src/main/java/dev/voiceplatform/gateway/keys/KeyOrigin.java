package dev.voiceplatform.gateway.keys;

import java.util.Locale;

/**
 * How a key came to be, told by its prefix (part 5): a key made for an integration ({@code svc_live_}), or the key
 * of an AI client an organization connected, listed under the application's name ({@code svco_}). Both
 * authenticate, count toward the organization's key limit and are revoked the same way.
 */
public enum KeyOrigin {
    API("svc_live_"),
    AI_CLIENT("svco_");

    /** The values bean validation accepts, as a regular expression. */
    public static final String WIRE_PATTERN = "api|ai_client";

    private final String prefix;

    KeyOrigin(String prefix) {
        this.prefix = prefix;
    }

    /** What every key of this origin starts with. */
    public String prefix() {
        return prefix;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static KeyOrigin fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    /** The origin of a key, or of the start of one that is long enough to show its prefix. */
    public static KeyOrigin of(String keyOrDisplayPrefix) {
        for (KeyOrigin origin : values()) {
            if (keyOrDisplayPrefix.startsWith(origin.prefix)) {
                return origin;
            }
        }
        throw new IllegalArgumentException("not a key prefix: " + keyOrDisplayPrefix);
    }
}
