package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.KafkaEvents;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Leads through the gateway, with the agent checked by the real agents service and events on Kafka. */
class LeadsTest {

    private static final String CURRENT_VERSION = "2026-08-06";
    private static String ownerKey;
    private static String otherKey;
    private static String agentId;

    @BeforeAll
    static void twoOrganizationsAndAnAgent() {
        ownerKey = TestOrganization.create("e2e-leads-owner").fullKey();
        otherKey = TestOrganization.create("e2e-leads-other").fullKey();
        agentId = as(ownerKey).body(Map.of("name", "Sales line", "prompt", "You take down leads."))
                .post("/agents").then().statusCode(201).extract().path("id");
    }

    private static RequestSpecification as(String key) {
        return withKey(key).header("Service-Version", CURRENT_VERSION);
    }

    private static Map<String, Object> lead(String agent) {
        Map<String, Object> body = new HashMap<>();
        body.put("name", "Noa Cohen");
        body.put("phone", "+1 (201) 555-0123");
        body.put("agent_id", agent);
        body.put("email", "noa@example.com");
        return body;
    }

    @Test
    void aJsonBodySentAsPlainTextIsAnInvalidRequestInThePlatformsEnvelope() {
        String json = "{\"name\": \"Noa Cohen\", \"phone\": \"+12015550123\", \"agent_id\": \"" + agentId + "\"}";
        as(otherKey).contentType("text/plain").body(json).post("/leads").then()
                .statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"))
                .body("error.message", equalTo("The body was sent as text/plain; this endpoint reads application/json"))
                .body("error.hint", equalTo("Send the JSON body with the header Content-Type: application/json."));
    }

    @Test
    void aLeadIsCreatedReadFilteredAndMovedWithItsEventsOnKafka() {
        // An agent of its own, so the agent filter shows this test's leads only.
        String agentId = as(ownerKey).body(Map.of("name", "Filter line", "prompt", "You take down leads."))
                .post("/agents").then().statusCode(201).extract().path("id");
        String correlationId = "e2e-lead-" + UUID.randomUUID();
        String id = as(ownerKey).header("X-Correlation-ID", correlationId).body(lead(agentId))
                .post("/leads").then().statusCode(201)
                .body("phone", equalTo("+12015550123"))
                .body("status", equalTo("new"))
                .body("agent_id", equalTo(agentId))
                .extract().path("id");
        as(ownerKey).get("/leads/{id}", id).then().statusCode(200).body("email", equalTo("noa@example.com"));
        as(ownerKey).queryParam("agent_id", agentId).get("/leads").then().statusCode(200)
                .body("data.id", contains(id)).body("pagination.total", equalTo(1));
        as(ownerKey).header("X-Correlation-ID", correlationId + "-moved").body(Map.of("status", "contacted"))
                .patch("/leads/{id}", id).then().statusCode(200).body("status", equalTo("contacted"));
        as(ownerKey).queryParam("status", "contacted").get("/leads").then().statusCode(200)
                .body("data.id", contains(id));

        try (KafkaEvents events = new KafkaEvents(E2ePlatform.get().kafkaBootstrap(), "leads.events")) {
            KafkaEvents.ReceivedEvent created = events.await(KafkaEvents.ofType("lead.created", id),
                    Duration.ofSeconds(30));
            assertEquals(correlationId, created.envelope().path("correlation_id").asText());
            assertEquals("+12015550123", created.data().path("lead").path("phone").asText());
            KafkaEvents.ReceivedEvent updated = events.await(KafkaEvents.ofType("lead.updated", id),
                    Duration.ofSeconds(30));
            assertEquals(correlationId + "-moved", updated.envelope().path("correlation_id").asText());
            assertEquals("new", updated.data().path("previous_status").asText());
        }
    }

    @Test
    void anotherOrganizationNeitherSeesTheLeadsNorUsesTheAgent() {
        var created = as(ownerKey).body(lead(agentId)).post("/leads").then().statusCode(201).extract();
        String id = created.path("id");
        assertEquals("/v1/leads/" + id, created.header("Location"), "the public path, no internal address");
        as(otherKey).get("/leads/{id}", id).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        as(otherKey).body(Map.of("status", "lost")).patch("/leads/{id}", id).then().statusCode(404);
        as(otherKey).body(lead(agentId)).post("/leads").then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("agent_id"));
        as(otherKey).get("/leads").then().statusCode(200).body("pagination.total", equalTo(0));
    }

    @Test
    void aDeletedAgentTakesNoNewLeads() {
        String doomed = as(ownerKey).body(Map.of("name", "Retired line", "prompt", "p")).post("/agents").then()
                .statusCode(201).extract().path("id");
        as(ownerKey).delete("/agents/{id}", doomed).then().statusCode(200);
        as(ownerKey).body(lead(doomed)).post("/leads").then().statusCode(400)
                .body("error.fields[0].field", equalTo("agent_id"));
    }

    @Test
    void aRetriedCreateWithTheSameIdempotencyKeyReturnsTheOriginalLead() {
        String idempotencyKey = "lead-retry-" + UUID.randomUUID();
        Map<String, Object> body = lead(agentId);
        body.put("notes", "asked for a callback");
        String first = as(ownerKey).header("Idempotency-Key", idempotencyKey).body(body).post("/leads").then()
                .statusCode(201).extract().path("id");
        as(ownerKey).header("Idempotency-Key", idempotencyKey).body(body).post("/leads").then()
                .statusCode(201)
                .header("Idempotency-Replayed", equalTo("true"))
                .body("id", equalTo(first));
        body.put("notes", "something else");
        as(ownerKey).header("Idempotency-Key", idempotencyKey).body(body).post("/leads").then()
                .statusCode(422).body("error.code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        as(ownerKey).queryParam("agent_id", agentId).get("/leads").then().statusCode(200)
                .body("data.findAll { it.notes == 'asked for a callback' }.size()", equalTo(1));
    }
}
