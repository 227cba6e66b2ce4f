package dev.voiceplatform.common.db;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.jboss.logging.Logger;

/**
 * Logs database failures without flooding the log during an outage: the first failure of a kind is logged at once,
 * later ones of the same kind are counted and logged as one line with their count once the interval has passed
 * since the last line of that kind. A kind is what failed plus the exception's type. A failure that says the
 * database cannot be reached ({@link StoreFailures#unreachable}) is logged without its stack trace; any other keeps
 * it, since it points at a fault of the statement or the code.
 */
public final class StoreFailureLog {

    /** One line per kind at most this often. */
    public static final Duration INTERVAL = Duration.ofSeconds(10);

    private final Logger log;
    private final long intervalNanos;
    private final LongSupplier nanoTime;
    private final Map<String, Kind> kinds = new ConcurrentHashMap<>();

    private static final class Kind {
        long lastLoggedNanos;
        long suppressed;
    }

    public StoreFailureLog(Logger log) {
        this(log, INTERVAL, System::nanoTime);
    }

    /** With its own interval and time source, for tests that move time instead of waiting. */
    public StoreFailureLog(Logger log, Duration interval, LongSupplier nanoTime) {
        this.log = log;
        this.intervalNanos = interval.toNanos();
        this.nanoTime = nanoTime;
    }

    /**
     * Records that {@code what} (for example "API keys cannot be looked up") failed with {@code failure}; returns
     * whether a line was written.
     */
    public boolean failed(String what, Throwable failure) {
        String key = what + '\u0000' + failure.getClass().getName();
        long now = nanoTime.getAsLong();
        long suppressed;
        Kind kind = kinds.computeIfAbsent(key, ignored -> {
            Kind first = new Kind();
            first.lastLoggedNanos = now - intervalNanos;
            return first;
        });
        synchronized (kind) {
            if (now - kind.lastLoggedNanos < intervalNanos) {
                kind.suppressed++;
                return false;
            }
            suppressed = kind.suppressed;
            kind.suppressed = 0;
            kind.lastLoggedNanos = now;
        }
        String repeated = suppressed == 0 ? ""
                : " (and " + suppressed + " more time" + (suppressed == 1 ? "" : "s") + " since the last report)";
        if (StoreFailures.unreachable(failure)) {
            log.errorf("%s%s: %s", what, repeated, failure.toString());
        } else {
            log.errorf(failure, "%s%s", what, repeated);
        }
        return true;
    }
}
