package dev.voiceplatform.common.background;

import java.time.Duration;
import java.util.Objects;
import org.jboss.logging.Logger;

/**
 * Runs one step after another on a named daemon thread of its own, for blocking work kept off the event loop (JDBC,
 * Kafka clients). A step that throws is run again after a back-off that starts at {@code firstBackoff}, doubles with
 * each further failure up to {@code maxBackoff}, and starts over after a step that succeeds. A step that waits for work
 * does so itself (a poll, a LISTEN); the loop adds no pause between steps that succeed.
 *
 * <p>{@link #stop()} ends the loop: it runs the wake-up given with {@link #onStop} (to end a blocking wait such as a
 * Kafka poll), cuts a back-off short, lets the step in hand finish for up to {@code interruptAfter}, then interrupts
 * the thread and joins it. What the step opened on its thread is closed by {@link #onExit}, on that thread, after the
 * last step.
 */
public final class BackgroundLoop {

    /** One unit of the work; throwing makes the loop back off and run it again. */
    @FunctionalInterface
    public interface Step {
        void run() throws Exception;
    }

    /** Told of a failed step and of the back-off before the next one, for logging and for letting go of resources. */
    @FunctionalInterface
    public interface FailureListener {
        void failed(Exception failure, Duration backoff);
    }

    private static final Logger LOG = Logger.getLogger(BackgroundLoop.class);
    private static final Duration JOIN_LIMIT = Duration.ofSeconds(5);

    private final String name;
    private final Step step;
    private final Duration firstBackoff;
    private final Duration maxBackoff;
    private final Object backoffMonitor = new Object();
    private FailureListener onFailure;
    private Runnable onStop = () -> { };
    private Runnable onExit = () -> { };
    private Duration interruptAfter = Duration.ZERO;

    private volatile boolean running;
    private Thread thread;

    public BackgroundLoop(String name, Duration firstBackoff, Duration maxBackoff, Step step) {
        if (firstBackoff.isNegative() || firstBackoff.isZero() || maxBackoff.compareTo(firstBackoff) < 0) {
            throw new IllegalArgumentException("back-off must be positive and its cap at least the first back-off");
        }
        this.name = Objects.requireNonNull(name);
        this.step = Objects.requireNonNull(step);
        this.firstBackoff = firstBackoff;
        this.maxBackoff = maxBackoff;
        this.onFailure = (failure, backoff) ->
                LOG.warnf("%s will retry in %d ms: %s", name, backoff.toMillis(), failure.toString());
    }

    /** Replaces the default warning logged for a failed step. */
    public BackgroundLoop onFailure(FailureListener listener) {
        onFailure = Objects.requireNonNull(listener);
        return this;
    }

    /** Run by {@link #stop()} on the stopping thread, to wake a step that blocks waiting for work. */
    public BackgroundLoop onStop(Runnable wakeUp) {
        onStop = Objects.requireNonNull(wakeUp);
        return this;
    }

    /** Run on the loop's thread after its last step, to close what the steps opened there. */
    public BackgroundLoop onExit(Runnable cleanUp) {
        onExit = Objects.requireNonNull(cleanUp);
        return this;
    }

    /**
     * How long {@link #stop()} lets the step in hand finish before interrupting the thread; zero interrupts at once,
     * for steps that block in calls only an interrupt ends.
     */
    public BackgroundLoop interruptAfter(Duration grace) {
        interruptAfter = Objects.requireNonNull(grace);
        return this;
    }

    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        thread = new Thread(this::run, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Ends the loop and waits for its thread; a loop never started, or stopped already, is left as it is. */
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        try {
            onStop.run();
        } catch (RuntimeException e) {
            LOG.debugf(e, "Waking %s to stop failed", name);
        }
        synchronized (backoffMonitor) {
            backoffMonitor.notifyAll();
        }
        try {
            if (!interruptAfter.isZero()) {
                thread.join(Math.max(1, interruptAfter.toMillis()));
            }
            if (thread.isAlive()) {
                thread.interrupt();
                thread.join(JOIN_LIMIT.toMillis());
            }
            if (thread.isAlive()) {
                LOG.warnf("%s did not stop within %s", name, interruptAfter.plus(JOIN_LIMIT));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public boolean isRunning() {
        return running;
    }

    /** The loop's thread while it runs, for tests that look at it. */
    Thread thread() {
        return thread;
    }

    private void run() {
        Duration backoff = firstBackoff;
        try {
            while (running) {
                try {
                    step.run();
                    backoff = firstBackoff;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (Exception e) {
                    // A failure caused by stop() (a closed connection, a woken or interrupted client) is no failure.
                    if (!running || Thread.currentThread().isInterrupted()) {
                        return;
                    }
                    onFailure.failed(e, backoff);
                    if (!awaitBackoff(backoff)) {
                        return;
                    }
                    backoff = min(backoff.multipliedBy(2), maxBackoff);
                }
            }
        } finally {
            try {
                onExit.run();
            } catch (RuntimeException e) {
                LOG.debugf(e, "Cleaning up after %s failed", name);
            }
        }
    }

    /** Waits out the back-off unless stop() comes first; false when the loop is to end. */
    private boolean awaitBackoff(Duration backoff) {
        long deadline = System.nanoTime() + backoff.toNanos();
        synchronized (backoffMonitor) {
            while (running) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return true;
                }
                try {
                    backoffMonitor.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return false;
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
