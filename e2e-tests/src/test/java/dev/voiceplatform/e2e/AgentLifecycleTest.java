package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.KafkaEvents.ReceivedEvent;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An agent from creation to deletion through the gateway (parts 3.1 and 4.2), and the events each step puts on
 * {@code agents.events} carrying the caller's X-Correlation-ID.
 */
class AgentLifecycleTest {

    private static final Duration EVENT_WAIT = Duration.ofSeconds(30);

    @Test
    void createGetListPatchPublishUnpublishDelete() {
        TestOrganization organization = TestOrganization.create("e2e-lifecycle");
        String key = organization.fullKey();
        Map<String, String> correlation = new LinkedHashMap<>();
        for (String step : new String[] {"create", "patch", "publish", "unpublish", "delete"}) {
            correlation.put(step, Gateway.unique("e2e-" + step));
        }

        String id = call(key, correlation.get("create"))
                .body(Map.of("name", "Front desk", "prompt", "You answer the phone for a dental practice.",
                        "greeting", "Hello, how can I help?", "language", "en", "model", "engineA-realtime",
                        "voice", "alloy"))
                .post("/agents")
                .then().statusCode(201)
                .body("id", notNullValue())
                .body("name", equalTo("Front desk"))
                .body("prompt", equalTo("You answer the phone for a dental practice."))
                .body("greeting", equalTo("Hello, how can I help?"))
                .body("language", equalTo("en"))
                .body("model", equalTo("engineA-realtime"))
                .body("voice", equalTo("alloy"))
                .body("status", equalTo("inactive"))
                .body("published", is(false))
                .body("version", equalTo(1))
                .body("created_at", notNullValue())
                .body("updated_at", notNullValue())
                .extract().path("id");

        withKey(key).get("/agents/{id}", id)
                .then().statusCode(200)
                .body("id", equalTo(id))
                .body("name", equalTo("Front desk"))
                .body("language", equalTo("en"))
                .body("status", equalTo("inactive"))
                .body("is_active", is(false))
                .body("created_at", notNullValue());

        withKey(key).get("/agents")
                .then().statusCode(200)
                .body("data.id", hasItem(id))
                .body("pagination.total", equalTo(1))
                .body("pagination.limit", equalTo(20))
                .body("pagination.offset", equalTo(0))
                .body("pagination.has_more", is(false));

        withKey(key).header("If-Match", "one").body(Map.of("name", "Never")).patch("/agents/{id}", id)
                .then().statusCode(400).body("error.code", equalTo("INVALID_IF_MATCH"));
        call(key, correlation.get("patch")).header("If-Match", "1")
                .body(Map.of("name", "Reception"))
                .patch("/agents/{id}", id)
                .then().statusCode(200)
                .body("name", equalTo("Reception"))
                .body("version", equalTo(2));
        withKey(key).header("If-Match", "1").body(Map.of("name", "Stale")).patch("/agents/{id}", id)
                .then().statusCode(412)
                .body("error.code", equalTo("VERSION_CONFLICT"))
                .body("error.details.current_version", equalTo(2));

        call(key, correlation.get("publish")).post("/agents/{id}/publish", id)
                .then().statusCode(200)
                .body("id", equalTo(id))
                .body("status", equalTo("active"))
                .body("published", is(true));
        withKey(key).get("/agents/{id}", id).then().body("status", equalTo("active")).body("is_active", is(true));

        call(key, correlation.get("unpublish")).post("/agents/{id}/unpublish", id)
                .then().statusCode(200)
                .body("published", is(false))
                .body("warning", not(emptyOrNullString()));

        call(key, correlation.get("delete")).delete("/agents/{id}", id)
                .then().statusCode(200)
                .body("id", equalTo(id))
                .body("deleted", is(true));
        withKey(key).get("/agents/{id}", id)
                .then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        withKey(key).delete("/agents/{id}", id)
                .then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));

        try (KafkaEvents events = new KafkaEvents(E2ePlatform.get().kafkaBootstrap(), "agents.events")) {
            assertEvent(events, "agent.created", id, organization, correlation.get("create"));
            assertEvent(events, "agent.updated", id, organization, correlation.get("patch"));
            assertEvent(events, "agent.published", id, organization, correlation.get("publish"));
            assertEvent(events, "agent.unpublished", id, organization, correlation.get("unpublish"));
            assertEvent(events, "agent.deleted", id, organization, correlation.get("delete"));
        }
    }

    private static RequestSpecification call(String key, String correlationId) {
        return withKey(key).header("X-Correlation-ID", correlationId);
    }

    private static void assertEvent(KafkaEvents events, String type, String agentId, TestOrganization organization,
            String correlationId) {
        ReceivedEvent event = events.await(KafkaEvents.ofType(type, agentId), EVENT_WAIT);
        assertEquals(correlationId, event.envelope().path("correlation_id").asText(), type + " correlation_id");
        assertEquals(organization.id(), event.envelope().path("org_id").asText(), type + " org_id");
        assertEquals(agentId, event.envelope().path("agent_id").asText(), type + " agent_id");
        assertFalse(event.envelope().path("id").asText().isEmpty(), type + " id");
        assertFalse(event.envelope().path("occurred_at").asText().isEmpty(), type + " occurred_at");
    }
}
