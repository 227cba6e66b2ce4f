package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.common.idempotency.IdempotentCreates;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * POST /agents and POST /agents/:id/duplicate with the key the gateway derives from an Idempotency-Key: a create
 * retried after its answer was lost answers the agent it made, and takes no second agent, event or plan slot.
 */
@QuarkusTest
class AgentIdempotentCreateTest {

    private static final Map<String, String> AGENT = Map.of("name", "Front desk", "prompt", "You answer calls.");

    private static String newKey() {
        return "derived-" + UUID.randomUUID();
    }

    private static ExtractableResponse<Response> create(AgentApi api, String key) {
        return api.request().header(IdempotentCreates.HEADER, key).body(AGENT).post("/agents").then().extract();
    }

    private static ExtractableResponse<Response> duplicate(AgentApi api, String key, String sourceId) {
        return api.request().header(IdempotentCreates.HEADER, key).post("/agents/" + sourceId + "/duplicate").then()
                .extract();
    }

    private static long agentsOf(AgentApi api) {
        return (Long) TestDatabase.query("SELECT count(*) AS n FROM agents WHERE org_id = ?", api.organizationId())
                .get(0).get("n");
    }

    private static long createdEventsOf(String agentId) {
        return (Long) TestDatabase.query("SELECT count(*) AS n FROM outbox_event WHERE event_type = 'agent.created'"
                + " AND payload::text LIKE ?", "%" + agentId + "%").get(0).get("n");
    }

    @Test
    void aRetriedCreateAnswersTheFirstAgentAndTakesNoSecondPlanSlot() {
        AgentApi api = AgentApi.newOrganization().withMaxAgents(1);
        String key = newKey();
        ExtractableResponse<Response> first = create(api, key);
        assertEquals(201, first.statusCode());
        String id = first.path("id");

        ExtractableResponse<Response> retry = create(api, key);

        assertEquals(201, retry.statusCode(), retry.asString());
        assertEquals(id, retry.path("id"));
        assertEquals(first.header("Location"), retry.header("Location"));
        assertEquals(first.header("ETag"), retry.header("ETag"));
        assertEquals(1, agentsOf(api));
        assertEquals(1, createdEventsOf(id));
        // The plan's one slot is this agent's: a create under another key is refused.
        api.request().header(IdempotentCreates.HEADER, newKey()).body(AGENT).post("/agents").then()
                .statusCode(402).body("error.code", equalTo("AGENT_LIMIT_REACHED"));
    }

    @Test
    void aRetriedCreateOfAnAgentDeletedSinceIsNotFound() {
        AgentApi api = AgentApi.newOrganization();
        String key = newKey();
        String id = create(api, key).path("id");
        api.delete(id).statusCode(200);

        api.request().header(IdempotentCreates.HEADER, key).body(AGENT).post("/agents").then()
                .statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void aRetriedDuplicateAnswersTheFirstCopyEvenWhenTheSourceWasDeletedSince() {
        AgentApi api = AgentApi.newOrganization().withMaxAgents(2);
        String source = api.createAgent("Clinic");
        String key = newKey();
        ExtractableResponse<Response> first = duplicate(api, key, source);
        assertEquals(201, first.statusCode());
        String copy = first.path("id");
        api.delete(source).statusCode(200);

        ExtractableResponse<Response> retry = duplicate(api, key, source);

        assertEquals(201, retry.statusCode(), retry.asString());
        assertEquals(copy, retry.path("id"));
        assertEquals("Clinic (copy)", retry.path("name"));
        assertEquals(1, createdEventsOf(copy));
    }

    @Test
    void aKeyThatCreatedAnAgentCannotDuplicateOne() {
        AgentApi api = AgentApi.newOrganization();
        String key = newKey();
        String id = create(api, key).path("id");

        api.request().header(IdempotentCreates.HEADER, key).post("/agents/" + id + "/duplicate").then()
                .statusCode(422).body("error.code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        assertEquals(1, agentsOf(api));
    }
}
