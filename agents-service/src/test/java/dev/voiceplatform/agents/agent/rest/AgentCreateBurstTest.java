package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One organization's burst of creates never takes the connection pool from the others: with a pool of three
 * connections and creates of one organization stuck on its plan-slot row, another organization is still served, and
 * no more than the configured two creates of the busy organization hold a connection.
 */
@QuarkusTest
@TestProfile(AgentCreateBurstTest.SmallPool.class)
class AgentCreateBurstTest {

    public static class SmallPool implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.datasource.reactive.max-size", "3",
                    "platform.agents.creates-in-flight-per-organization", "2");
        }
    }

    private static final String TAKE_SLOT = "INSERT INTO agent_plan_slots";

    @Test
    void createsOfOneOrganizationWaitWithoutConnectionsWhileAnotherOrganizationIsServed() throws Exception {
        AgentApi busy = AgentApi.newOrganization().withMaxAgents(100);
        busy.createAgent("first");
        AgentApi other = AgentApi.newOrganization();
        String othersAgent = other.createAgent("front desk");

        List<CompletableFuture<Integer>> creates = new ArrayList<>();
        try (Connection holder = TestDatabase.connect()) {
            holder.setAutoCommit(false);
            try (PreparedStatement lock = holder.prepareStatement(
                    "SELECT used FROM agent_plan_slots WHERE org_id = ? FOR UPDATE")) {
                lock.setObject(1, busy.organizationId());
                lock.executeQuery().close();
            }
            for (int i = 0; i < 6; i++) {
                int n = i;
                creates.add(CompletableFuture.supplyAsync(() -> busy.create(Map.of("name", "burst " + n,
                        "prompt", "You answer calls.")).extract().statusCode()));
            }
            TestDatabase.awaitBlockedOnLock(1, TAKE_SLOT);
            long started = System.nanoTime();
            other.get(othersAgent).statusCode(200).body("name", equalTo("front desk"));
            other.createAgent("second desk");
            long tookMillis = (System.nanoTime() - started) / 1_000_000;
            assertEquals(2, TestDatabase.blockedOnLock(TAKE_SLOT),
                    "creates of the busy organization holding a connection");
            assertTrue(tookMillis < 5_000,
                    "the other organization waited " + tookMillis + " ms");
            holder.rollback();
        }
        for (CompletableFuture<Integer> create : creates) {
            assertEquals(201, create.get(30, TimeUnit.SECONDS));
        }
        assertEquals(7L, used(busy));
    }

    @Test
    void theSlotCountFollowsCreatesDuplicatesAndDeletesButNotTesters() {
        AgentApi api = AgentApi.newOrganization().withMaxAgents(3);
        String first = api.createAgent("one");
        String copy = api.duplicate(first).statusCode(201).extract().path("id");
        assertEquals(2L, used(api));
        api.publish(first).statusCode(200);
        api.tester(first, Map.of()).statusCode(201);
        assertEquals(2L, used(api));
        api.createAgent("three");
        api.create(Map.of("name", "four", "prompt", "p")).statusCode(402)
                .body("error.code", equalTo("AGENT_LIMIT_REACHED"))
                .body("error.details.current", equalTo(3));
        api.delete(copy).statusCode(200);
        assertEquals(2L, used(api));
        api.createAgent("four");
        assertEquals(3L, used(api));
        assertEquals(3L, ((Number) TestDatabase.query("SELECT count(*) AS n FROM agents WHERE org_id = ? "
                + "AND deleted_at IS NULL AND NOT is_tester", api.organizationId()).get(0).get("n")).longValue());
    }

    private static long used(AgentApi api) {
        return ((Number) TestDatabase.query("SELECT used FROM agent_plan_slots WHERE org_id = ?",
                api.organizationId()).get(0).get("used")).longValue();
    }
}
