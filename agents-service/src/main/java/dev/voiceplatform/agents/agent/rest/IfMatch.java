package dev.voiceplatform.agents.agent.rest;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The If-Match header of agent writes: an integer version, also accepted in its quoted entity-tag form. */
public final class IfMatch {

    private static final Pattern VERSION = Pattern.compile("\"?([0-9]{1,9})\"?");

    private IfMatch() {
    }

    /** The expected version, or null when the header is absent; 400 INVALID_IF_MATCH when it is not an integer. */
    public static Integer parse(String header) {
        if (header == null) {
            return null;
        }
        Matcher matcher = VERSION.matcher(header.trim());
        if (!matcher.matches()) {
            throw ApiException.of(ErrorCode.INVALID_IF_MATCH, "If-Match must be the integer version of the agent");
        }
        return Integer.valueOf(matcher.group(1));
    }

    public static String entityTag(int version) {
        return "\"" + version + "\"";
    }
}
