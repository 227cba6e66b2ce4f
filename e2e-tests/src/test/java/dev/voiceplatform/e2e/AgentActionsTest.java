package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.KafkaEvents.ReceivedEvent;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Agent actions through the gateway (parts 3.1 and 4.2): duplicate, the tester agent, and the draft gate of
 * publishing under the publish-requires-test entitlement.
 */
class AgentActionsTest {

    private static final Duration EVENT_WAIT = Duration.ofSeconds(30);

    @Test
    void duplicateCopiesTheAgentUnderThePlanLimitAndAnnouncesTheCopy() {
        TestOrganization organization = TestOrganization.create("e2e-duplicate");
        limitAgents(organization, 2);
        String key = organization.fullKey();
        String source = withKey(key)
                .body(Map.of("name", "Reception", "prompt", "You answer the phone for a garage.",
                        "greeting", "Garage, hello!", "language", "he", "model", "engineB-realtime", "voice", "Kore"))
                .post("/agents").then().statusCode(201).extract().path("id");
        withKey(key).post("/agents/{id}/publish", source).then().statusCode(200);

        String correlation = Gateway.unique("e2e-duplicate");
        ExtractableResponse<Response> duplicated = withKey(key).header("X-Correlation-ID", correlation)
                .post("/agents/{id}/duplicate", source)
                .then().statusCode(201)
                .header("ETag", equalTo("\"1\""))
                .body("id", not(equalTo(source)))
                .body("name", equalTo("Reception (copy)"))
                .body("prompt", equalTo("You answer the phone for a garage."))
                .body("greeting", equalTo("Garage, hello!"))
                .body("language", equalTo("he"))
                .body("model", equalTo("engineB-realtime"))
                .body("voice", equalTo("Kore"))
                .body("status", equalTo("inactive"))
                .body("published", is(false))
                .body("version", equalTo(1))
                .extract();
        String copy = duplicated.path("id");
        assertThat(duplicated.header("Location"), endsWith("/agents/" + copy));
        withKey(key).get("/agents/{id}", copy).then().statusCode(200).body("status", equalTo("inactive"));

        withKey(key).post("/agents/{id}/duplicate", source)
                .then().statusCode(402)
                .body("error.code", equalTo("AGENT_LIMIT_REACHED"))
                .body("error.details.current", equalTo(2))
                .body("error.details.max_agents", equalTo(2));
        TestOrganization stranger = TestOrganization.create("e2e-duplicate-stranger");
        withKey(stranger.fullKey()).post("/agents/{id}/duplicate", source)
                .then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));

        try (KafkaEvents events = new KafkaEvents(E2ePlatform.get().kafkaBootstrap(), "agents.events")) {
            ReceivedEvent created = events.await(KafkaEvents.ofType("agent.created", copy), EVENT_WAIT);
            assertEquals(correlation, created.envelope().path("correlation_id").asText());
            ReceivedEvent copied = events.await(KafkaEvents.ofType("agent.duplicated", copy), EVENT_WAIT);
            assertEquals(source, copied.data().path("source_agent_id").asText());
            assertEquals(copy, copied.data().path("new_agent_id").asText());
            assertEquals(organization.id(), copied.envelope().path("org_id").asText());
            assertEquals(correlation, copied.envelope().path("correlation_id").asText());
        }
    }

    @Test
    void theTesterIsCreatedOnceOutsideThePlanAndIsNeverPublished() {
        TestOrganization organization = TestOrganization.create("e2e-tester");
        limitAgents(organization, 1);
        String key = organization.fullKey();
        String target = withKey(key).body(Map.of("name", "Clinic", "prompt", "You book dental appointments."))
                .post("/agents").then().statusCode(201).extract().path("id");

        String persona = "A parent booking check-ups for three children on the same afternoon.";
        ExtractableResponse<Response> created = withKey(key).body(Map.of("persona", persona))
                .post("/agents/{id}/tester", target)
                .then().statusCode(201)
                .body("name", equalTo("Clinic tester"))
                .body("status", equalTo("testing"))
                .body("published", is(false))
                .body("is_tester", is(true))
                .body("test_target_agent_id", equalTo(target))
                .body("persona", equalTo(persona))
                .body("prompt", containsString(persona))
                .extract();
        String tester = created.path("id");
        assertThat(created.header("Location"), endsWith("/agents/" + tester));

        withKey(key).body(Map.of("persona", "Somebody else", "name", "Other"))
                .post("/agents/{id}/tester", target)
                .then().statusCode(200)
                .body("id", equalTo(tester))
                .body("persona", equalTo(persona));
        withKey(key).queryParam("status", "testing").get("/agents")
                .then().statusCode(200).body("data.id", hasItem(tester));
        withKey(key).post("/agents/{id}/publish", tester)
                .then().statusCode(422).body("error.code", equalTo("AGENT_NOT_PUBLISHABLE"));
        withKey(key).post("/agents/{id}/tester", tester)
                .then().statusCode(422).body("error.code", equalTo("INVALID_REQUEST"));
        withKey(key).body(Map.of("name", "Second", "prompt", "p")).post("/agents")
                .then().statusCode(402).body("error.code", equalTo("AGENT_LIMIT_REACHED"))
                .body("error.details.current", equalTo(1));

        String writerOnly = organization.createKey(List.of("agents:read", "agents:write")).key();
        withKey(writerOnly).post("/agents/{id}/tester", target)
                .then().statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));

        try (KafkaEvents events = new KafkaEvents(E2ePlatform.get().kafkaBootstrap(), "agents.events")) {
            ReceivedEvent event = events.await(KafkaEvents.ofType("agent.created", tester), EVENT_WAIT);
            assertEquals(true, event.data().path("agent").path("is_tester").asBoolean());
        }
    }

    @Test
    void underPublishRequiresTestAPromptChangeMakesADraftThatNeedsAPassingSimulation() {
        TestOrganization organization = TestOrganization.create("e2e-draft");
        Gateway.admin().body(Map.of("entitlements", List.of("publish-requires-test")))
                .patch("/admin/organizations/{id}", organization.id())
                .then().statusCode(200);
        String key = organization.fullKey();
        String id = withKey(key).body(Map.of("name", "Gated", "prompt", "You take orders."))
                .post("/agents").then().statusCode(201).extract().path("id");

        withKey(key).body(Map.of("prompt", "You take orders and answer questions about allergens."))
                .patch("/agents/{id}", id)
                .then().statusCode(200)
                .body("status", equalTo("draft"))
                .body("published", is(false));
        withKey(key).post("/agents/{id}/publish", id)
                .then().statusCode(422).body("error.code", equalTo("AGENT_NEEDS_PASSING_TEST"));
        withKey(key).get("/agents/{id}", id).then().statusCode(200).body("status", equalTo("draft"));
    }

    private static void limitAgents(TestOrganization organization, int maxAgents) {
        Gateway.admin().body(Map.of("max_agents", maxAgents))
                .patch("/admin/organizations/{id}", organization.id())
                .then().statusCode(200);
    }
}
