package dev.voiceplatform.agents.agent.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.voiceplatform.agents.NumbersServiceStandIn;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A delete waits for the numbers service to retire the agent without holding a database connection: with a pool of
 * one connection, other requests are still served while the numbers service is slow.
 */
@QuarkusTest
@TestProfile(AgentDeleteWhileNumbersSlowTest.OneConnection.class)
class AgentDeleteWhileNumbersSlowTest {

    public static class OneConnection implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.datasource.reactive.max-size", "1");
        }
    }

    private static final long WAIT_SECONDS = 20;

    @AfterEach
    void numbersServiceAnswersAgain() {
        NumbersServiceStandIn.releaseHeld();
    }

    @Test
    void otherRequestsAreServedWhileADeleteWaitsForTheNumbersService() throws Exception {
        AgentApi api = AgentApi.newOrganization();
        String deleted = api.createAgent("leaving");
        String other = api.createAgent("staying");
        CompletableFuture<Void> retiring = NumbersServiceStandIn.holdRetirements();
        CompletableFuture<Response> deleting = CompletableFuture.supplyAsync(
                () -> api.request().delete("/agents/" + deleted));
        retiring.get(WAIT_SECONDS, TimeUnit.SECONDS);

        Response read = CompletableFuture.supplyAsync(() -> api.request().get("/agents/" + other))
                .get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(200, read.statusCode(), "the only connection is free while the retirement is awaited");

        NumbersServiceStandIn.releaseHeld();
        assertEquals(200, deleting.get(WAIT_SECONDS, TimeUnit.SECONDS).statusCode());
    }

    @Test
    void anEditLandingWhileTheAgentIsRetiredDoesNotFailTheDelete() throws Exception {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("renamed while leaving");
        CompletableFuture<Void> retiring = NumbersServiceStandIn.holdRetirements();
        CompletableFuture<Response> deleting = CompletableFuture.supplyAsync(
                () -> api.request().delete("/agents/" + id));
        retiring.get(WAIT_SECONDS, TimeUnit.SECONDS);

        Response edit = CompletableFuture.supplyAsync(
                () -> api.request().body(Map.of("name", "last name")).patch("/agents/" + id))
                .get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(200, edit.statusCode());
        assertEquals(2, (int) edit.path("version"));

        NumbersServiceStandIn.releaseHeld();
        assertEquals(200, deleting.get(WAIT_SECONDS, TimeUnit.SECONDS).statusCode());
        Map<String, Object> row = TestDatabase.query("SELECT version, deleted_at FROM agents WHERE id = ?",
                UUID.fromString(id)).get(0);
        assertNotNull(row.get("deleted_at"));
        assertEquals(3, row.get("version"), "the delete moved the version the edit left");
        assertEquals(1, TestDatabase.query("SELECT id FROM outbox_event WHERE message_key = ? "
                + "AND event_type = 'agent.deleted' AND payload->'data'->>'name' = 'last name'", id).size());
    }
}
