package dev.voiceplatform.testing;

import java.time.Duration;

/**
 * Retries an assertion about state that something asynchronous feeds (an event, a database notice) until it holds,
 * for at most 30 seconds; the last failure is thrown when it never does.
 */
public final class Eventually {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    private Eventually() {
    }

    public static void check(Runnable assertion) {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (true) {
            try {
                assertion.run();
                return;
            } catch (AssertionError e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
