package dev.voiceplatform.common.tenancy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.helpers.test.UniAssertSubscriber;
import io.smallrye.mutiny.subscription.Cancellable;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class OrganizationBulkheadTest {

    private final OrganizationBulkhead bulkhead = new OrganizationBulkhead(2);
    private final UUID busy = UUID.randomUUID();
    private final UUID other = UUID.randomUUID();

    private UniAssertSubscriber<String> start(UUID organization, CompletableFuture<String> result) {
        return bulkhead.run(organization, () -> Uni.createFrom().completionStage(result)).subscribe()
                .withSubscriber(UniAssertSubscriber.create());
    }

    @Test
    void anOrganizationRunsAtMostItsPermitsAtOnceAndTheRestWaitInOrder() {
        List<CompletableFuture<String>> results = new ArrayList<>();
        List<UniAssertSubscriber<String>> calls = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            CompletableFuture<String> result = new CompletableFuture<>();
            results.add(result);
            calls.add(start(busy, result));
        }
        assertArrayEquals(new int[] {2, 2}, bulkhead.inFlight(busy));

        results.get(2).complete("third");
        calls.get(2).assertNotTerminated();
        results.get(0).complete("first");
        calls.get(0).assertItem("first");
        calls.get(2).assertItem("third");
        assertArrayEquals(new int[] {2, 0}, bulkhead.inFlight(busy));

        results.get(1).completeExceptionally(new IllegalStateException("refused"));
        calls.get(1).assertFailedWith(IllegalStateException.class, "refused");
        results.get(3).complete("fourth");
        calls.get(3).assertItem("fourth");
        assertArrayEquals(new int[] {0, 0}, bulkhead.inFlight(busy));
    }

    @Test
    void anotherOrganizationIsNeverHeldUpByABusyOne() {
        for (int i = 0; i < 3; i++) {
            start(busy, new CompletableFuture<>());
        }
        start(other, CompletableFuture.completedFuture("served")).assertItem("served");
        assertArrayEquals(new int[] {2, 1}, bulkhead.inFlight(busy));
        assertArrayEquals(new int[] {0, 0}, bulkhead.inFlight(other));
    }

    @Test
    void aCallerThatLeavesWhileWaitingGivesUpItsPlace() {
        CompletableFuture<String> first = new CompletableFuture<>();
        CompletableFuture<String> second = new CompletableFuture<>();
        start(busy, first);
        start(busy, second);
        AtomicBoolean ran = new AtomicBoolean();
        Cancellable leaving = bulkhead.run(busy, () -> {
            ran.set(true);
            return Uni.createFrom().item("never");
        }).subscribe().with(item -> { });
        assertArrayEquals(new int[] {2, 1}, bulkhead.inFlight(busy));
        leaving.cancel();
        assertArrayEquals(new int[] {2, 0}, bulkhead.inFlight(busy));

        first.complete("done");
        second.complete("done");
        assertArrayEquals(new int[] {0, 0}, bulkhead.inFlight(busy));
        org.junit.jupiter.api.Assertions.assertFalse(ran.get(), "a caller that left was run");
    }

    @Test
    void aCallerThatLeavesWhileRunningAndAnOperationThatThrowsFreeTheirPermits() {
        Cancellable running = bulkhead.run(busy, () -> Uni.createFrom().completionStage(new CompletableFuture<>()))
                .subscribe().with(item -> { });
        UniAssertSubscriber<String> throwing = bulkhead.<String>run(busy, () -> {
            throw new IllegalArgumentException("bad input");
        }).subscribe().withSubscriber(UniAssertSubscriber.create());
        throwing.assertFailedWith(IllegalArgumentException.class, "bad input");
        running.cancel();
        assertArrayEquals(new int[] {0, 0}, bulkhead.inFlight(busy));
        start(busy, CompletableFuture.completedFuture("next")).assertItem("next");
    }

    @Test
    void anOrganizationNeedsAPermit() {
        assertThrows(IllegalArgumentException.class, () -> new OrganizationBulkhead(0));
    }
}
