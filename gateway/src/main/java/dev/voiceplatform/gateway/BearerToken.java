package dev.voiceplatform.gateway;

import java.util.Locale;
import java.util.Optional;

/** The credential of an {@code Authorization: Bearer <token>} header (scheme case-insensitive, RFC 6750). */
public final class BearerToken {

    private static final String SCHEME = "bearer";

    private BearerToken() {
    }

    /** The token, or empty when the header is absent or uses another scheme. */
    public static Optional<String> from(String authorizationHeader) {
        if (authorizationHeader == null) {
            return Optional.empty();
        }
        String value = authorizationHeader.strip();
        int space = value.indexOf(' ');
        if (space < 0 || !value.substring(0, space).toLowerCase(Locale.ROOT).equals(SCHEME)) {
            return Optional.empty();
        }
        String token = value.substring(space + 1).strip();
        return token.isEmpty() ? Optional.empty() : Optional.of(token);
    }
}
