package dev.voiceplatform.numbers.number.rest;

import dev.voiceplatform.testing.TestDatabase;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Runs requests that must meet at one of the service's advisory locks: the test holds the lock, starts each request
 * and waits until it is queued behind the lock (so the order is the order they were started), then lets go.
 */
final class Concurrently implements AutoCloseable {

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final Connection holder;
    private int queued;

    private Concurrently(String lockName) throws SQLException {
        holder = TestDatabase.connect();
        try (PreparedStatement lock = holder.prepareStatement("SELECT pg_advisory_lock(hashtextextended(?, 0))")) {
            lock.setString(1, lockName);
            lock.execute();
        }
    }

    /** Holds the lock the service takes under this name. */
    static Concurrently holding(String lockName) throws SQLException {
        return new Concurrently(lockName);
    }

    /** Starts the request and returns once it waits on the held lock. */
    CompletableFuture<ExtractableResponse<Response>> start(Supplier<ExtractableResponse<Response>> request) {
        CompletableFuture<ExtractableResponse<Response>> response = CompletableFuture.supplyAsync(request, threads);
        queued++;
        TestDatabase.awaitBlockedOnLock(queued, "SELECT pg_advisory_xact_lock");
        return response;
    }

    /** Lets the queued requests go, in the order they were started. */
    void release() throws SQLException {
        try (PreparedStatement unlock = holder.prepareStatement("SELECT pg_advisory_unlock_all()")) {
            unlock.execute();
        }
    }

    @Override
    public void close() throws SQLException {
        holder.close();
        threads.shutdownNow();
    }
}
