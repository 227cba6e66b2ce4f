package dev.voiceplatform.leads.lead.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class InternalLeadResourceTest {

    private static Map<String, Object> capture(UUID organization, UUID agent, UUID call) {
        return Map.of("organization_id", organization.toString(), "agent_id", agent.toString(),
                "call_id", call.toString(), "name", "Caller", "phone", "+12015550123");
    }

    @Test
    void theCallRuntimeRecordsOneLeadPerCallWithItsSourceAndCall() {
        UUID organization = UUID.randomUUID();
        UUID agent = UUID.randomUUID();
        UUID call = UUID.randomUUID();
        String id = given().header("Authorization", TestTokens.serviceBearer("calls-service"))
                .contentType(ContentType.JSON).body(capture(organization, agent, call))
                .post("/internal/leads").then().statusCode(201)
                .body("source", equalTo("call"))
                .body("call_id", equalTo(call.toString()))
                .body("status", equalTo("new"))
                .extract().path("id");
        given().header("Authorization", TestTokens.serviceBearer("calls-service"))
                .contentType(ContentType.JSON).body(capture(organization, agent, call))
                .post("/internal/leads").then().statusCode(200).body("id", equalTo(id));
        assertEquals(1, TestDatabase.query("SELECT id FROM leads WHERE org_id = ?", organization).size());

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "leads.events")) {
            events.await(KafkaEvents.ofType("lead.created", id), Duration.ofSeconds(30));
            assertEquals(1, events.drain(Duration.ofSeconds(1)).stream().filter(event -> id.equals(event.key())).count());
        }
        LeadApi.as(TestTokens.forOrganization(organization).scopes("leads:read")).request()
                .get("/leads/" + id).then().statusCode(200).body("source", equalTo("call"));
    }

    @Test
    void onlyPlatformServicesMayRecordCaptures() {
        Map<String, Object> body = capture(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID());
        given().contentType(ContentType.JSON).body(body).post("/internal/leads").then().statusCode(401);
        given().header("Authorization", TestTokens.forOrganization(UUID.randomUUID()).scopes("leads:write").bearer())
                .contentType(ContentType.JSON).body(body).post("/internal/leads").then().statusCode(403);
    }

    @Test
    void aCaptureNamesItsOrganizationAgentAndCall() {
        given().header("Authorization", TestTokens.serviceBearer("calls-service")).contentType(ContentType.JSON)
                .body(Map.of("name", "Caller", "phone", "+12015550123")).post("/internal/leads").then()
                .statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder("organization_id", "agent_id", "call_id"));
    }
}
