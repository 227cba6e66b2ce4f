package dev.voiceplatform.runtime.call.rest;

import static dev.voiceplatform.runtime.RuntimeApi.await;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.events.RuntimeCallAnswered;
import dev.voiceplatform.common.events.RuntimeCallEnded;
import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.runtime.AgentsStandIn;
import dev.voiceplatform.runtime.CallsStandIn;
import dev.voiceplatform.runtime.NumbersStandIn;
import dev.voiceplatform.runtime.RuntimeApi;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** POST /internal/carrier/inbound: the carrier delivers a call to one of the platform's numbers. */
@QuarkusTest
class InboundCallTest {

    private static KafkaEvents events;

    @Inject
    InternalTokenIssuer tokens;

    @BeforeAll
    static void readEvents() {
        events = RuntimeApi.events();
    }

    @AfterAll
    static void stopReading() {
        events.close();
    }

    @AfterEach
    void withinTheLimit() {
        CallsStandIn.overLimit(false);
    }

    private io.restassured.response.Response deliver(String from, String to) {
        return given().header("Authorization", "Bearer " + tokens.forService("carrier", "runtime", null))
                .contentType(ContentType.JSON).body(Map.of("from", from, "to", to)).post("/internal/carrier/inbound");
    }

    private static String boundNumber(UUID organization, UUID agent) {
        String number = "+1201555" + (1000 + (int) (Math.random() * 8999));
        NumbersStandIn.bind(number, organization, agent);
        return number;
    }

    @Test
    void aCallToABoundNumberOfAPublishedAgentConnectsAndRunsAsAnInboundConversation() {
        UUID organization = UUID.randomUUID();
        UUID agent = AgentsStandIn.register(organization, new JsonObject().put("greeting", "Bright Smiles, hello."));
        String to = boundNumber(organization, agent);
        String callId = deliver("+14155550131", to).then().statusCode(201).extract().path("call_id");
        UUID call = UUID.fromString(callId);
        CallsStandIn.Opened opened = CallsStandIn.opened().stream()
                .filter(request -> request.callId().equals(callId)).findFirst().orElseThrow();
        assertEquals(organization.toString(), opened.organization());
        assertEquals(organization.toString(), opened.body().getString("organization_id"));
        assertEquals(agent.toString(), opened.body().getString("agent_id"));
        assertEquals("+14155550131", opened.body().getString("from"));
        assertEquals(to, opened.body().getString("to"));

        await(events, RuntimeCallAnswered.TYPE, call);
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("completed", ended.path("status").asText());
        assertEquals("Bright Smiles, hello.", ended.path("transcript").path(0).path("text").asText());
        assertTrue(ended.path("summary").asText().startsWith("Inbound call from +14155550131."));
        assertEquals("inbound", TestDatabase.query("SELECT direction FROM runtime_calls WHERE id = ?", call).get(0)
                .get("direction"));
    }

    @Test
    void aNumberRoutingToNoAgentIsNotFoundAndNothingIsRecorded() {
        int before = CallsStandIn.opened().size();
        deliver("+14155550131", "+12015559999").then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        assertEquals(before, CallsStandIn.opened().size());
    }

    @Test
    void aCallToTheNumberOfAnUnpublishedAgentStillReachesIt() {
        UUID organization = UUID.randomUUID();
        UUID agent = AgentsStandIn.register(organization, new JsonObject(), false);
        String to = boundNumber(organization, agent);
        String callId = deliver("+14155550131", to).then().statusCode(201).extract().path("call_id");
        assertEquals(agent.toString(), CallsStandIn.opened().stream().filter(request -> request.callId().equals(callId))
                .findFirst().orElseThrow().body().getString("agent_id"));
        assertEquals("completed", await(events, RuntimeCallEnded.TYPE, UUID.fromString(callId)).path("status").asText());
    }

    @Test
    void aCallToATestersNumberIsRefusedAndNothingIsRecorded() {
        UUID organization = UUID.randomUUID();
        UUID tester = AgentsStandIn.registerTester(organization);
        String to = boundNumber(organization, tester);
        int before = CallsStandIn.opened().size();
        deliver("+14155550131", to).then().statusCode(409).body("error.code", equalTo("AGENT_NOT_PUBLISHED"));
        assertEquals(before, CallsStandIn.opened().size());
    }

    @Test
    void aNumberWhoseAgentIsGoneIsNotFound() {
        UUID organization = UUID.randomUUID();
        String to = boundNumber(organization, UUID.randomUUID());
        deliver("+14155550131", to).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void overTheInboundCeilingTheCallsServicesRefusalIsPassedOnAndNothingRuns() {
        UUID organization = UUID.randomUUID();
        UUID agent = AgentsStandIn.register(organization, new JsonObject());
        String to = boundNumber(organization, agent);
        CallsStandIn.overLimit(true);
        String refusedCall = deliver("+14155550131", to).then().statusCode(429)
                .body("error.code", equalTo("RATE_LIMIT_EXCEEDED"))
                .body("error.details.limit", equalTo("inbound_concurrency"))
                .extract().path("error.details.call_id");
        assertTrue(TestDatabase.query("SELECT id FROM runtime_calls WHERE id = ?", UUID.fromString(refusedCall))
                .isEmpty());
    }

    @Test
    void numbersAreReadInE164() {
        deliver("4155550131", "+12015550100").then().statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("from"));
    }
}
