package dev.voiceplatform.common.db;

import io.vertx.core.VertxException;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.TimeoutException;

/**
 * Tells a database that cannot be reached (down, restarting, refusing connections, out of connections, too slow to
 * hand one out) from a statement that failed on a working database. The first is known and passes: the caller
 * answers 503 and logs one line without a stack trace. The second is a fault worth its stack trace.
 */
public final class StoreFailures {

    private StoreFailures() {
    }

    /** True when {@code failure}, or one of its causes, says the database could not be reached or used at all. */
    public static boolean unreachable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (unreachableItself(cause)) {
                return true;
            }
        }
        return false;
    }

    private static boolean unreachableItself(Throwable failure) {
        if (failure instanceof PgException pg) {
            String state = pg.getSqlState();
            // 08: connection exceptions; 57P01-57P03: the server is shutting down or not yet accepting; 53300:
            // no connection slot left.
            return state != null && (state.startsWith("08") || state.startsWith("57P") || state.equals("53300"));
        }
        // Refused or timed out connects (Netty's connect timeout is a ConnectException), connections lost or reset
        // mid-statement, and deadlines passed.
        if (failure instanceof ConnectException || failure instanceof ClosedChannelException
                || failure instanceof ClosedConnectionException || failure instanceof TimeoutException
                || failure instanceof IOException) {
            return true;
        }
        // The pool's own words when no connection could be had in time or it was lost (Vert.x gives them no type).
        String message = failure.getMessage();
        return failure instanceof VertxException && message != null
                && (message.startsWith("Timeout waiting for connection") || message.contains("Connection is closed")
                        || message.contains("Failed to read any response from the server"));
    }
}
