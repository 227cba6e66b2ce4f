package dev.voiceplatform.agents.agent.rest;

import java.time.Duration;

/** Retries an assertion about state an event feeds until it holds, for at most 30 seconds. */
final class Eventually {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    private Eventually() {
    }

    static void check(Runnable assertion) {
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
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
