package dev.voiceplatform.common.api;

import java.util.regex.Pattern;

/**
 * The one check of an e-mail address: a local part, {@code @}, and a domain of at least two non-empty dot-separated
 * labels, no spaces, at most 254 characters (RFC 5321). Deliverability is not judged; {@code a@b..c} is refused.
 */
public final class EmailAddresses {

    public static final int MAX_LENGTH = 254;
    private static final Pattern SHAPE = Pattern.compile("[^@\\s]+@[^@\\s.]+(\\.[^@\\s.]+)+");

    private EmailAddresses() {
    }

    public static boolean valid(String candidate) {
        return candidate != null && candidate.length() <= MAX_LENGTH && SHAPE.matcher(candidate).matches();
    }
}
