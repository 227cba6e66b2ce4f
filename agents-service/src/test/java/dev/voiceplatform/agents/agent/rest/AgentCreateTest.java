package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AgentCreateTest {

    @Test
    void createsAnInactiveAgentAtVersionOneWithDefaultsAndEmitsAgentCreated() {
        AgentApi api = AgentApi.newOrganization();
        String correlationId = "create-" + UUID.randomUUID();
        io.restassured.response.ExtractableResponse<io.restassured.response.Response> response =
                api.request().header("X-Correlation-ID", correlationId)
                .body(Map.of("name", "Front desk", "prompt", "You answer calls for a dental clinic.",
                        "greeting", "Hello!", "description", "Answers the phone"))
                .post("/agents").then()
                .statusCode(201)
                .header("ETag", equalTo("\"1\""))
                .body("name", equalTo("Front desk"))
                .body("prompt", equalTo("You answer calls for a dental clinic."))
                .body("greeting", equalTo("Hello!"))
                .body("language", equalTo("en"))
                .body("model", equalTo("engineA-realtime"))
                .body("voice", equalTo("alloy"))
                .body("status", equalTo("inactive"))
                .body("published", equalTo(false))
                .body("version", equalTo(1))
                .body("created_at", notNullValue())
                .body("updated_at", notNullValue())
                .extract();
        String id = response.path("id");
        org.hamcrest.MatcherAssert.assertThat(response.header("Location"), endsWith("/agents/" + id));

        List<Map<String, Object>> rows = TestDatabase.query(
                "SELECT org_id, name, status, version FROM agents WHERE id = ?", UUID.fromString(id));
        assertEquals(1, rows.size());
        assertEquals(api.organizationId(), rows.get(0).get("org_id"));
        assertEquals("inactive", rows.get(0).get("status"));

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "agents.events")) {
            KafkaEvents.ReceivedEvent created = events.await(KafkaEvents.ofType("agent.created", id),
                    Duration.ofSeconds(30));
            assertEquals(api.organizationId().toString(), created.envelope().path("org_id").asText());
            assertEquals(id, created.envelope().path("agent_id").asText());
            assertEquals(correlationId, created.envelope().path("correlation_id").asText());
            assertEquals("Front desk", created.data().path("agent").path("name").asText());
            assertEquals(false, created.data().path("agent").has("prompt"));
        }
    }
}
