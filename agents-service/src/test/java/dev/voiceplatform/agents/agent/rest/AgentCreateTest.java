package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
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

    @Test
    void missingNameAndPromptAreValidationErrorsNamingBothFields() {
        AgentApi.newOrganization().create(Map.of("description", "no name"))
                .statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder("name", "prompt"))
                .body("error.hint", notNullValue());
    }

    @Test
    void lengthsAreCountedInCharactersNotBytes() {
        AgentApi api = AgentApi.newOrganization().withMaxAgents(20);
        String hundredHebrew = "ש".repeat(100);
        String hundredEmoji = "\uD83D\uDE00".repeat(100);
        api.create(Map.of("name", hundredHebrew, "prompt", "p")).statusCode(201).body("name", equalTo(hundredHebrew));
        api.create(Map.of("name", hundredEmoji, "prompt", "p")).statusCode(201);
        api.create(Map.of("name", "ש".repeat(101), "prompt", "p")).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("name"));
        api.create(Map.of("name", "n", "prompt", "p", "description", "d".repeat(500))).statusCode(201);
        api.create(Map.of("name", "n", "prompt", "p", "description", "ד".repeat(501))).statusCode(400)
                .body("error.fields[0].field", equalTo("description"));
    }

    @Test
    void languageIsHebrewOrEnglish() {
        AgentApi api = AgentApi.newOrganization();
        api.create(Map.of("name", "n", "prompt", "p", "language", "he")).statusCode(201).body("language", equalTo("he"));
        api.create(Map.of("name", "n", "prompt", "p", "language", "fr")).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("language"));
    }

    @Test
    void aFieldOfTheWrongTypeIsNamed() {
        AgentApi.newOrganization().create(Map.of("name", 42, "prompt", "p")).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("name"))
                .body("error.fields[0].reason", equalTo("must be a string"));
    }

    @Test
    void aBlankPromptIsRefusedWith422() {
        AgentApi api = AgentApi.newOrganization();
        api.create(Map.of("name", "n", "prompt", "   ")).statusCode(422).body("error.code", equalTo("INVALID_REQUEST"));
        Map<String, Object> nullPrompt = new HashMap<>();
        nullPrompt.put("name", "n");
        nullPrompt.put("prompt", null);
        api.create(nullPrompt).statusCode(422).body("error.code", equalTo("INVALID_REQUEST"));
    }

    @Test
    void unreadableJsonAndNonObjectBodiesAreInvalidRequests() {
        AgentApi api = AgentApi.newOrganization();
        api.request().body("{\"name\": ").post("/agents").then().statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"));
        api.request().body("[1, 2]").post("/agents").then().statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"));
        api.request().post("/agents").then().statusCode(400).body("error.code", equalTo("INVALID_REQUEST"));
    }

    @Test
    void modelsAndVoicesFollowTheEngine() {
        AgentApi api = AgentApi.newOrganization().withMaxAgents(20);
        api.create(Map.of("name", "n", "prompt", "p", "model", "engineZ")).statusCode(400)
                .body("error.code", equalTo("INVALID_MODEL"));
        api.create(Map.of("name", "n", "prompt", "p", "voice", "Kore")).statusCode(400)
                .body("error.code", equalTo("INVALID_MODEL"));
        api.create(Map.of("name", "n", "prompt", "p", "model", "engineB-realtime", "voice", "alloy")).statusCode(400)
                .body("error.code", equalTo("INVALID_MODEL"));
        api.create(Map.of("name", "n", "prompt", "p", "model", "engineB-realtime", "voice", "Kore")).statusCode(201)
                .body("model", equalTo("engineB-realtime")).body("voice", equalTo("Kore"));
        api.create(Map.of("name", "n", "prompt", "p", "model", "engineB-realtime")).statusCode(201)
                .body("voice", equalTo("Puck"));
        api.create(Map.of("name", "n", "prompt", "p", "model", "engineC-direct", "voice", "verse")).statusCode(201);
    }

    @Test
    void theReservedModelNeedsTheEntitlement() {
        UUID organization = UUID.randomUUID();
        AgentApi.as(TestTokens.forOrganization(organization).scopes(AgentApi.ALL_AGENT_SCOPES))
                .create(Map.of("name", "n", "prompt", "p", "model", "engineB-aistudio")).statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
        AgentApi.as(TestTokens.forOrganization(organization).scopes(AgentApi.ALL_AGENT_SCOPES)
                        .entitlements("premium-models"))
                .create(Map.of("name", "n", "prompt", "p", "model", "engineB-aistudio", "voice", "Zephyr"))
                .statusCode(201).body("model", equalTo("engineB-aistudio"));
    }

    @Test
    void thePlanLimitCountsLiveNonTesterAgents() {
        AgentApi api = AgentApi.newOrganization().withMaxAgents(2);
        String first = api.createAgent("one");
        api.createAgent("two");
        api.create(Map.of("name", "three", "prompt", "p")).statusCode(402)
                .body("error.code", equalTo("AGENT_LIMIT_REACHED"))
                .body("error.details.current", equalTo(2))
                .body("error.details.max_agents", equalTo(2))
                .body("error.details.current_tier", equalTo("standard"));
        api.delete(first).statusCode(200);
        api.createAgent("three");
    }

    @Test
    void concurrentCreatesNeverExceedThePlan() throws Exception {
        AgentApi api = AgentApi.newOrganization().withMaxAgents(3);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            List<java.util.concurrent.Future<Integer>> results = new java.util.ArrayList<>();
            for (int i = 0; i < 8; i++) {
                int n = i;
                results.add(pool.submit(() -> api.create(Map.of("name", "racer " + n, "prompt", "p"))
                        .extract().statusCode()));
            }
            List<Integer> statuses = new java.util.ArrayList<>();
            for (java.util.concurrent.Future<Integer> result : results) {
                statuses.add(result.get());
            }
            assertEquals(3, statuses.stream().filter(status -> status == 201).count(), statuses.toString());
            assertEquals(5, statuses.stream().filter(status -> status == 402).count(), statuses.toString());
        } finally {
            pool.shutdownNow();
        }
        assertEquals(3L, TestDatabase.query("SELECT count(*) AS n FROM agents WHERE org_id = ?",
                api.organizationId()).get(0).get("n"));
    }

    @Test
    void aSuspendedOrExpiredAccountCannotCreate() {
        for (String status : List.of("suspended", "trial_expired")) {
            AgentApi.as(TestTokens.forOrganization(UUID.randomUUID()).scopes(AgentApi.ALL_AGENT_SCOPES)
                            .accountStatus(status))
                    .create(Map.of("name", "n", "prompt", "p")).statusCode(402)
                    .body("error.code", equalTo("TRIAL_EXPIRED"))
                    .body("error.details.upgrade_url", notNullValue());
        }
    }

    @Test
    void emptyGreetingAndDescriptionAreStoredAsAbsent() {
        AgentApi.newOrganization().create(Map.of("name", "n", "prompt", "p", "greeting", "", "description", ""))
                .statusCode(201)
                .body("$", hasKey("greeting"))
                .body("greeting", nullValue())
                .body("$", hasKey("description"))
                .body("description", nullValue());
    }
}
