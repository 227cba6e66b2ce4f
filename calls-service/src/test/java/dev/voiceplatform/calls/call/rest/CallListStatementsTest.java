package dev.voiceplatform.calls.call.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.calls.RuntimeStandIn;
import dev.voiceplatform.calls.StatementCountingDatabase;
import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A page of calls costs the same statements whatever its size: the agent's name is on each call's row. */
@QuarkusTest
@TestProfile(CallListStatementsTest.CountedStatements.class)
class CallListStatementsTest {

    public static class CountedStatements implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(StatementCountingDatabase.class, Map.of("database", "calls")),
                    new TestResourceEntry(AgentsServiceStandIn.class), new TestResourceEntry(RuntimeStandIn.class));
        }

        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }
    }

    private static final String CALLS_OF_THE_ORGANIZATION = "FROM calls WHERE org_id";

    @Test
    void aPageOfOneAndAPageOfFifteenEachTakeTwoStatements() {
        CallApi small = CallApi.newOrganization();
        small.placeCall();
        CallApi large = CallApi.newOrganization();
        for (int i = 0; i < 15; i++) {
            TestDatabase.update("INSERT INTO calls (id, org_id, agent_id, agent_name, direction, status, caller, "
                    + "metadata, created_at, updated_at) VALUES (?, ?, ?, 'stand-in', 'inbound', 'completed', "
                    + "'+14155550100', '{}', now(), now())", UUID.randomUUID(), large.organizationId(),
                    UUID.fromString(large.agentId()));
        }

        // At most: a connection that has run a statement before may run it again without sending its text.
        StatementCountingDatabase.clear();
        small.request().get("/calls").then().statusCode(200).body("data.size()", equalTo(1));
        assertTrue(StatementCountingDatabase.sent(CALLS_OF_THE_ORGANIZATION) <= 2, "the count and the page");

        StatementCountingDatabase.clear();
        large.request().queryParam("limit", 100).get("/calls").then().statusCode(200)
                .body("data.size()", equalTo(15))
                .body("data[0].agent.name", equalTo("stand-in"));
        assertTrue(StatementCountingDatabase.sent(CALLS_OF_THE_ORGANIZATION) <= 2, "the count and the page");
        assertTrue(StatementCountingDatabase.sent("FROM ") <= 2, "nothing else is read per call");
    }
}
