package dev.voiceplatform.leads.lead.rest;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
class LeadCreateTest {

    @AfterEach
    void agentsServiceAnswersAgain() {
        AgentsServiceStandIn.failing(false);
    }

    @Test
    void createsANewLeadWithItsPhoneInE164AndEmitsTheWholeLead() {
        LeadApi api = LeadApi.newOrganization();
        Map<String, Object> body = api.validLead();
        body.put("email", "dana@example.com");
        body.put("notes", "Wants a quote");
        body.put("metadata", Map.of("campaign", "spring"));
        String correlationId = "lead-" + UUID.randomUUID();
        var response = api.request().header("X-Correlation-ID", correlationId).body(body).post("/leads").then()
                .statusCode(201)
                .body("name", equalTo("Dana Levi"))
                .body("phone", equalTo("+972502345678"))
                .body("email", equalTo("dana@example.com"))
                .body("status", equalTo("new"))
                .body("source", equalTo("api"))
                .body("agent_id", equalTo(api.agentId()))
                .body("notes", equalTo("Wants a quote"))
                .body("metadata.campaign", equalTo("spring"))
                .body("created_at", notNullValue())
                .body("updated_at", notNullValue())
                .extract();
        String id = response.path("id");
        org.hamcrest.MatcherAssert.assertThat(response.header("Location"), endsWith("/leads/" + id));

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "leads.events")) {
            KafkaEvents.ReceivedEvent created = events.await(KafkaEvents.ofType("lead.created", id),
                    Duration.ofSeconds(30));
            assertEquals(api.organizationId().toString(), created.envelope().path("org_id").asText());
            assertEquals(api.agentId(), created.envelope().path("agent_id").asText());
            assertEquals(correlationId, created.envelope().path("correlation_id").asText());
            assertEquals("+972502345678", created.data().path("lead").path("phone").asText());
            assertEquals("Wants a quote", created.data().path("lead").path("notes").asText());
            assertEquals("spring", created.data().path("lead").path("metadata").path("campaign").asText());
        }
    }

    @Test
    void nameSourceAndMetadataDefaults() {
        LeadApi api = LeadApi.newOrganization();
        Map<String, Object> body = api.validLead();
        body.put("source", "web form");
        api.create(body).statusCode(201).body("source", equalTo("web form")).body("email", nullValue())
                .body("metadata.size()", equalTo(0));
    }

    @Test
    void requiredFieldsAreNamedTogether() {
        LeadApi.newOrganization().create(Map.of("notes", "nothing else")).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder("name", "phone", "agent_id"));
    }

    @Test
    void aBlankOrMalformedAgentIdIsAValidationError() {
        LeadApi api = LeadApi.newOrganization();
        for (String agentId : new String[] {"", "   ", "not-a-uuid"}) {
            Map<String, Object> body = api.validLead();
            body.put("agent_id", agentId);
            api.create(body).statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                    .body("error.fields.field", containsInAnyOrder("agent_id"));
        }
    }

    @Test
    void anUnusablePhoneEmailOrMetadataIsNamed() {
        LeadApi api = LeadApi.newOrganization();
        Map<String, Object> body = api.validLead();
        body.put("phone", "call me maybe");
        body.put("email", "not-an-address");
        body.put("metadata", List.of(1, 2));
        api.create(body).statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder("phone", "email", "metadata"));
    }

    @Test
    void anEmailWithAnEmptyDomainLabelIsRefused() {
        LeadApi api = LeadApi.newOrganization();
        Map<String, Object> body = api.validLead();
        body.put("email", "dana@example..com");
        api.create(body).statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder("email"));
    }

    @Test
    void aJsonBodySentAsPlainTextIsAnInvalidRequestInThePlatformsEnvelope() {
        LeadApi api = LeadApi.newOrganization();
        String json = "{\"name\": \"Dana Levi\", \"phone\": \"+972502345678\", \"agent_id\": \"" + api.agentId()
                + "\"}";
        api.request().contentType("text/plain").body(json).post("/leads").then()
                .statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"))
                .body("error.message", equalTo("The body was sent as text/plain; this endpoint reads application/json"))
                .body("error.hint", equalTo("Send the JSON body with the header Content-Type: application/json."));
        assertEquals(0, TestDatabase.query("SELECT 1 FROM leads WHERE org_id = ?", api.organizationId()).size());
    }

    @Test
    void anAgentOfAnotherOrganizationOrAnUnknownOneIsRefusedAndNothingIsSaved() {
        LeadApi owner = LeadApi.newOrganization();
        LeadApi other = LeadApi.newOrganization();
        Map<String, Object> body = other.validLead();
        body.put("agent_id", owner.agentId());
        other.create(body).statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("agent_id"));
        body.put("agent_id", UUID.randomUUID().toString());
        other.create(body).statusCode(400).body("error.fields[0].field", equalTo("agent_id"));
        assertEquals(0, TestDatabase.query("SELECT id FROM leads WHERE org_id = ?", other.organizationId()).size());
    }

    @Test
    void anOrganizationIdInTheBodyDoesNotWidenTheKey() {
        LeadApi api = LeadApi.newOrganization();
        Map<String, Object> body = api.validLead();
        body.put("organization_id", UUID.randomUUID().toString());
        String id = api.create(body).statusCode(201).extract().path("id");
        assertEquals(api.organizationId(),
                TestDatabase.query("SELECT org_id FROM leads WHERE id = ?", UUID.fromString(id)).get(0).get("org_id"));
    }

    @Test
    void whenTheAgentCannotBeCheckedTheLeadIsRefusedWith503AndNotSaved() {
        LeadApi api = LeadApi.newOrganization();
        AgentsServiceStandIn.failing(true);
        api.create(api.validLead()).statusCode(503).body("error.code", equalTo("SERVICE_UNAVAILABLE"));
        assertEquals(0, TestDatabase.query("SELECT id FROM leads WHERE org_id = ?", api.organizationId()).size());
    }

    @Test
    void writingNeedsLeadsWrite() {
        LeadApi api = LeadApi.as(dev.voiceplatform.testing.TestTokens.forOrganization(UUID.randomUUID())
                .scopes("leads:read"));
        api.create(api.validLead()).statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        io.restassured.RestAssured.given().get("/leads").then().statusCode(401)
                .body("error.code", equalTo("NOT_AUTHENTICATED"));
    }
}
