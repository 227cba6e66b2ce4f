package dev.voiceplatform.webhooks.delivery;

import dev.voiceplatform.common.outbound.OutboundRefusedException;
import io.netty.channel.ConnectTimeoutException;
import io.vertx.core.http.HttpClosedException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * The delivery failure classes of part 7, stored and returned as {@code failure_class}. Which of them a retry may
 * cure is part of the class: a 4xx other than 401, 403, 408 and 429 is final (part 6.1 rule 3), and so is a
 * destination the guard refuses or a webhook that cannot be sent as configured.
 */
public enum FailureClass {
    SSRF_BLOCKED(false),
    DNS(true),
    CONNECT(true),
    TLS(true),
    TIMEOUT(true),
    REDIRECT_BLOCKED(false),
    CONFIG(false),
    AUTH(true),
    AUTHZ(true),
    VALIDATION(false),
    CONFLICT(false),
    RATE_LIMIT(true),
    UPSTREAM_4XX(false),
    UPSTREAM_5XX(true),
    INTERNAL(true);

    private final boolean retryable;

    FailureClass(boolean retryable) {
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The class of a destination's non-2xx answer. */
    public static FailureClass ofStatus(int status) {
        return switch (status) {
            case 401 -> AUTH;
            case 403 -> AUTHZ;
            case 400, 404, 422 -> VALIDATION;
            case 409 -> CONFLICT;
            case 408, 429 -> RATE_LIMIT;
            default -> status >= 500 && status <= 599 ? UPSTREAM_5XX
                    : status >= 400 && status <= 499 ? UPSTREAM_4XX : INTERNAL;
        };
    }

    /** The class of a request that got no answer. */
    public static FailureClass ofFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof OutboundRefusedException refused) {
                return switch (refused.reason()) {
                    case FORBIDDEN_ADDRESS -> SSRF_BLOCKED;
                    case UNRESOLVABLE -> DNS;
                    case REDIRECT_BLOCKED -> REDIRECT_BLOCKED;
                    case INVALID_URL -> CONFIG;
                };
            }
            if (cause instanceof UnknownHostException) {
                return DNS;
            }
            if (cause instanceof SSLException) {
                return TLS;
            }
            if (cause instanceof TimeoutException || cause instanceof io.smallrye.mutiny.TimeoutException
                    || cause instanceof ConnectTimeoutException) {
                return TIMEOUT;
            }
            if (cause instanceof ConnectException || cause instanceof NoRouteToHostException
                    || cause instanceof SocketException || cause instanceof HttpClosedException
                    || cause instanceof ClosedChannelException) {
                return CONNECT;
            }
            if (cause.getClass().getName().contains("Timeout")) {
                return TIMEOUT;
            }
            String message = String.valueOf(cause.getMessage()).toLowerCase(Locale.ROOT);
            if (message.contains("connection reset") || message.contains("connection refused")
                    || message.contains("connection was closed")) {
                return CONNECT;
            }
        }
        return INTERNAL;
    }
}
