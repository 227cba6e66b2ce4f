package dev.voiceplatform.common.correlation;

import io.smallrye.common.vertx.ContextLocals;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.UUID;
import java.util.regex.Pattern;

/** The correlation id rule of part 8 and the id bound to the request being served. */
public final class CorrelationIds {

    public static final String HEADER = "X-Correlation-ID";
    static final String LOCAL_KEY = "platform.correlation-id";
    private static final Pattern ACCEPTED = Pattern.compile("[A-Za-z0-9._:\\-]{1,128}");

    private CorrelationIds() {
    }

    /** The caller's id when it is up to 128 letters, digits and {@code - _ . :}; a new one otherwise. */
    public static String acceptOrGenerate(String fromCaller) {
        if (fromCaller != null && ACCEPTED.matcher(fromCaller).matches()) {
            return fromCaller;
        }
        return generate();
    }

    public static String generate() {
        return UUID.randomUUID().toString();
    }

    /** The id of the request this code runs for, or null outside a request. */
    public static String current() {
        Context context = Vertx.currentContext();
        if (context == null || !io.smallrye.common.vertx.VertxContext.isDuplicatedContext(context)) {
            return null;
        }
        return ContextLocals.<String>get(LOCAL_KEY).orElse(null);
    }

    /** The id of the current request, or a fresh one for background work. */
    public static String currentOrGenerate() {
        String current = current();
        return current != null ? current : generate();
    }
}
