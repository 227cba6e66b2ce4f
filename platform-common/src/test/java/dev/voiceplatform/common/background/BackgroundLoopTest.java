package dev.voiceplatform.common.background;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BackgroundLoopTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void aFailingStepIsRetriedAfterABackoffThatDoublesUpToItsCapAndStartsOverAfterASuccess() throws Exception {
        // Fails four times, succeeds once, fails twice more, then stays idle until stopped.
        List<Boolean> outcomes = List.of(false, false, false, false, true, false, false);
        AtomicInteger steps = new AtomicInteger();
        List<Duration> backoffs = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        CountDownLatch idle = new CountDownLatch(1);
        BackgroundLoop loop = new BackgroundLoop("test-loop", Duration.ofMillis(1), Duration.ofMillis(4), () -> {
            int step = steps.getAndIncrement();
            if (step >= outcomes.size()) {
                done.countDown();
                idle.await();
                return;
            }
            if (!outcomes.get(step)) {
                throw new IllegalStateException("step " + step + " failed");
            }
        }).onFailure((failure, backoff) -> backoffs.add(backoff));
        loop.start();
        try {
            assertTrue(done.await(WAIT.toMillis(), TimeUnit.MILLISECONDS));
            assertEquals(List.of(Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(4), Duration.ofMillis(4),
                    Duration.ofMillis(1), Duration.ofMillis(2)), backoffs);
        } finally {
            idle.countDown();
            loop.stop();
        }
    }

    @Test
    void runsOnANamedDaemonThreadAndStopEndsItAndJoins() throws Exception {
        BlockingQueue<Thread> threads = new LinkedBlockingQueue<>();
        AtomicInteger exits = new AtomicInteger();
        BackgroundLoop loop = new BackgroundLoop("named-loop", Duration.ofMillis(1), Duration.ofMillis(1), () -> {
            threads.offer(Thread.currentThread());
            Thread.sleep(Long.MAX_VALUE);
        }).onExit(exits::incrementAndGet);
        loop.start();
        Thread worker = threads.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertEquals("named-loop", worker.getName());
        assertTrue(worker.isDaemon());

        // The step blocks in a call only an interrupt ends; the default is to interrupt at once.
        loop.stop();
        assertFalse(worker.isAlive(), "stop joins the thread");
        assertFalse(loop.isRunning());
        assertEquals(1, exits.get(), "the clean-up ran on the loop's way out");
    }

    @Test
    void stopCutsABackoffShortAndWakesTheStepWithoutInterruptingIt() throws Exception {
        CountDownLatch failed = new CountDownLatch(1);
        AtomicInteger steps = new AtomicInteger();
        BackgroundLoop loop = new BackgroundLoop("backing-off", Duration.ofHours(1), Duration.ofHours(1), () -> {
            steps.incrementAndGet();
            throw new IllegalStateException("down");
        }).onFailure((failure, backoff) -> failed.countDown()).interruptAfter(Duration.ofHours(1));
        loop.start();
        assertTrue(failed.await(WAIT.toMillis(), TimeUnit.MILLISECONDS));
        long started = System.nanoTime();
        loop.stop();
        assertTrue(System.nanoTime() - started < WAIT.toNanos(), "stop did not wait out the hour of back-off");
        assertEquals(1, steps.get(), "no step after stop");

        CountDownLatch waiting = new CountDownLatch(1);
        CountDownLatch woken = new CountDownLatch(1);
        AtomicInteger interrupted = new AtomicInteger();
        BackgroundLoop polling = new BackgroundLoop("polling", Duration.ofMillis(1), Duration.ofMillis(1), () -> {
            waiting.countDown();
            try {
                woken.await();
            } catch (InterruptedException e) {
                interrupted.incrementAndGet();
            }
        }).onStop(woken::countDown).interruptAfter(Duration.ofHours(1));
        polling.start();
        assertTrue(waiting.await(WAIT.toMillis(), TimeUnit.MILLISECONDS));
        polling.stop();
        assertEquals(0, interrupted.get(), "the wake-up ended the step's wait, not an interrupt");
    }

    @Test
    void aCapBelowTheFirstBackoffIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new BackgroundLoop("bad", Duration.ofSeconds(2), Duration.ofSeconds(1), () -> { }));
    }
}
