package dev.voiceplatform.agents.agent.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.TestDatabase;
import io.restassured.response.Response;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/** A write that loses a race: another transaction changes the agent's row between the write's read and its update. */
final class HeldRow {

    private HeldRow() {
    }

    /**
     * Holds the agent's row in an open transaction that applies {@code concurrentChange} (one {@code ?}, the agent
     * id), sends {@code request} (which reads the old row and then waits on the lock to write), and commits the
     * other change once the request is waiting.
     */
    static Response whileChangedElsewhere(String id, String concurrentChange, Supplier<Response> request)
            throws Exception {
        try (Connection other = TestDatabase.connect()) {
            other.setAutoCommit(false);
            try (PreparedStatement change = other.prepareStatement(concurrentChange)) {
                change.setObject(1, UUID.fromString(id));
                assertEquals(1, change.executeUpdate());
            }
            CompletableFuture<Response> sent = CompletableFuture.supplyAsync(request);
            TestDatabase.awaitBlockedOnLock(1, "UPDATE agents SET name");
            other.commit();
            return sent.get();
        }
    }
}
