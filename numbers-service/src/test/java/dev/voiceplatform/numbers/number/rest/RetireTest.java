package dev.voiceplatform.numbers.number.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The step the agents service takes before deleting an agent, and its race with a bind. The races hold the agent's
 * lock, queue both requests behind it in a chosen order and let them go.
 */
@QuarkusTest
class RetireTest {

    @Test
    void retiringAnAgentANumberRoutesToIs409AndChangesNothing() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        String agent = api.newAgent();
        api.bind(agent, number).statusCode(200);
        api.retire(agent).statusCode(409)
                .body("error.code", equalTo("AGENT_HAS_PHONE_NUMBER"))
                .body("error.details.phone_numbers", contains(BindTest.phoneOf(number)));
        assertEquals(0, retirements(agent));
        api.unbind(agent).statusCode(200);
        api.retire(agent).statusCode(200);
    }

    @Test
    void retiringIsIdempotentAndARetiredAgentCannotBeBound() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        String agent = api.newAgent();
        api.retire(agent).statusCode(200).body("agent_id", equalTo(agent)).body("retired", equalTo(true));
        api.retire(agent).statusCode(200).body("retired", equalTo(true));
        assertEquals(1, retirements(agent));
        api.bind(agent, number).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        api.list().body("data[0].bound", equalTo(false));
    }

    @Test
    void retiringNeedsATokenAndAWellFormedId() {
        given().post("/internal/agents/" + UUID.randomUUID() + "/retire").then().statusCode(401)
                .body("error.code", equalTo("NOT_AUTHENTICATED"));
        NumberApi.newOrganization().retire("nope").statusCode(404);
    }

    @Test
    void aBindQueuedBeforeTheRetirementWinsAndTheRetirementIsRefused() throws Exception {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        String agent = api.newAgent();
        try (Concurrently race = Concurrently.holding("numbers.agent:" + agent)) {
            CompletableFuture<ExtractableResponse<Response>> bind = race.start(() -> api.bind(agent, number).extract());
            CompletableFuture<ExtractableResponse<Response>> retire = race.start(() -> api.retire(agent).extract());
            race.release();
            assertEquals(200, bind.get().statusCode());
            assertEquals(409, retire.get().statusCode());
            assertEquals("AGENT_HAS_PHONE_NUMBER", retire.get().path("error.code"));
        }
        assertEquals(0, retirements(agent));
        api.list().body("data[0].inbound_agent_id", equalTo(agent));
    }

    @Test
    void aRetirementQueuedBeforeTheBindWinsAndTheBindFindsNoAgent() throws Exception {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        String agent = api.newAgent();
        try (Concurrently race = Concurrently.holding("numbers.agent:" + agent)) {
            CompletableFuture<ExtractableResponse<Response>> retire = race.start(() -> api.retire(agent).extract());
            CompletableFuture<ExtractableResponse<Response>> bind = race.start(() -> api.bind(agent, number).extract());
            race.release();
            assertEquals(200, retire.get().statusCode());
            assertEquals(404, bind.get().statusCode());
        }
        assertEquals(1, retirements(agent));
        api.list().body("data[0].bound", equalTo(false));
        assertEquals(0, TestDatabase.query("SELECT id FROM outbox_event WHERE event_type = 'number.bound' "
                + "AND message_key = ?", agent).size());
    }

    private static int retirements(String agent) {
        return TestDatabase.query("SELECT agent_id FROM retired_agents WHERE agent_id = ?", UUID.fromString(agent))
                .size();
    }
}
