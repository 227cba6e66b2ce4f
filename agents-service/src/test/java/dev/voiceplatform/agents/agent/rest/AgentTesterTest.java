package dev.voiceplatform.agents.agent.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** POST /agents/:id/tester (parts 3.1 and 4.2). */
@QuarkusTest
class AgentTesterTest {

    @Test
    void theFirstCallCreatesATesterAimedAtTheAgentAndLaterCallsReturnIt() {
        AgentApi api = AgentApi.newOrganization();
        String target = api.create(Map.of("name", "Bakery", "prompt", "You take orders.", "model", "engineC-direct",
                "voice", "verse")).statusCode(201).extract().path("id");
        String persona = "An impatient customer ordering 40 croissants for tomorrow morning.";
        ExtractableResponse<Response> created = api.tester(target, Map.of("persona", persona, "name", "Rush order"))
                .statusCode(201)
                .header("ETag", equalTo("\"1\""))
                .body("name", equalTo("Rush order"))
                .body("status", equalTo("testing"))
                .body("published", equalTo(false))
                .body("version", equalTo(1))
                .body("is_tester", equalTo(true))
                .body("test_target_agent_id", equalTo(target))
                .body("$", not(hasKey("isTester")))
                .body("$", not(hasKey("testTargetAgentId")))
                .body("persona", equalTo(persona))
                .body("prompt", containsString(persona))
                .body("prompt", containsString("\"Bakery\""))
                .body("language", equalTo("en"))
                .body("model", equalTo("engineA-realtime"))
                .body("voice", equalTo("alloy"))
                .extract();
        String tester = created.path("id");
        assertThat(created.header("Location"), endsWith("/agents/" + tester));

        api.tester(target, Map.of("persona", "Someone else entirely", "name", "Other")).statusCode(200)
                .body("id", equalTo(tester))
                .body("name", equalTo("Rush order"))
                .body("persona", equalTo(persona));
        api.testerWithoutBody(target).statusCode(200).body("id", equalTo(tester));
        api.get(tester).statusCode(200).body("status", equalTo("testing")).body("is_active", equalTo(false));

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "agents.events")) {
            KafkaEvents.ReceivedEvent event = events.await(KafkaEvents.ofType("agent.created", tester),
                    Duration.ofSeconds(30));
            assertEquals(true, event.data().path("agent").path("is_tester").asBoolean());
            assertEquals("testing", event.data().path("agent").path("status").asText());
        }
        assertEquals(1, TestDatabase.query("SELECT id FROM outbox_event WHERE message_key = ? "
                + "AND event_type = 'agent.created'", tester).size());
    }

    @Test
    void withoutABodyTheTesterGetsADefaultPersonaAndNameInTheTargetsLanguage() {
        AgentApi api = AgentApi.newOrganization();
        String english = api.createAgent("Front desk");
        api.testerWithoutBody(english).statusCode(201)
                .body("name", equalTo("Front desk tester"))
                .body("language", equalTo("en"))
                .body("persona", containsString("caller"))
                .body("description", nullValue())
                .body("greeting", nullValue());

        String hebrew = api.create(Map.of("name", "מרפאה", "prompt", "אתה עונה לטלפון.", "language", "he"))
                .statusCode(201).extract().path("id");
        api.tester(hebrew, Map.of()).statusCode(201)
                .body("name", equalTo("מרפאה tester"))
                .body("language", equalTo("he"))
                .body("persona", containsString("מתקשר"))
                .body("prompt", containsString("\"מרפאה\""));

        String longName = "\uD83D\uDE00".repeat(100);
        api.tester(api.createAgent(longName), Map.of()).statusCode(201)
                .body("name", equalTo("\uD83D\uDE00".repeat(93) + " tester"));
    }

    @Test
    void personaAndNameAreChecked() {
        AgentApi api = AgentApi.newOrganization();
        String target = api.createAgent("checked");
        api.tester(target, Map.of("persona", "p".repeat(12_001))).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("persona"));
        api.tester(target, Map.of("name", "ש".repeat(101), "persona", " ")).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", org.hamcrest.Matchers.containsInAnyOrder("name", "persona"));
        api.tester(target, Map.of("name", 7)).statusCode(400)
                .body("error.fields[0].reason", equalTo("must be a string"));
        api.request().body("[1]").post("/agents/" + target + "/tester").then().statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"));
        api.request().body("{\"persona\": ").post("/agents/" + target + "/tester").then().statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"));
        assertEquals(0, TestDatabase.query("SELECT id FROM agents WHERE test_target_agent_id = ?",
                UUID.fromString(target)).size());

        String persona = "ד".repeat(12_000);
        api.tester(target, Map.of("persona", persona, "name", "ש".repeat(100))).statusCode(201)
                .body("persona", equalTo(persona));
    }

    @Test
    void testersNeverCountAgainstThePlan() {
        AgentApi api = AgentApi.newOrganization().withMaxAgents(1);
        String target = api.createAgent("the only one");
        api.tester(target, Map.of()).statusCode(201);
        api.create(Map.of("name", "second", "prompt", "p")).statusCode(402)
                .body("error.code", equalTo("AGENT_LIMIT_REACHED"))
                .body("error.details.current", equalTo(1));
    }

    @Test
    void aTesterCannotBePublishedAndTellsOtherServicesWhatItIs() {
        AgentApi api = AgentApi.newOrganization();
        String tester = api.tester(api.createAgent("target"), Map.of()).statusCode(201).extract().path("id");
        api.publish(tester).statusCode(422).body("error.code", equalTo("AGENT_NOT_PUBLISHABLE"));
        given().header("Authorization", TestTokens.forOrganization(api.organizationId()).scopes("calls:write").bearer())
                .get("/internal/agents/" + tester).then().statusCode(200)
                .body("is_tester", equalTo(true))
                .body("status", equalTo("testing"))
                .body("published", equalTo(false));
    }

    @Test
    void aTesterOfATesterIsRefused() {
        AgentApi api = AgentApi.newOrganization();
        String tester = api.tester(api.createAgent("target"), Map.of()).statusCode(201).extract().path("id");
        api.tester(tester, Map.of()).statusCode(422)
                .body("error.code", equalTo("INVALID_REQUEST"))
                .body("error.hint", notNullValue());
    }

    @Test
    void aDeletedTesterIsReplacedByANewOneOnTheNextCall() {
        AgentApi api = AgentApi.newOrganization();
        String target = api.createAgent("target");
        String first = api.tester(target, Map.of()).statusCode(201).extract().path("id");
        api.delete(first).statusCode(200);
        String second = api.tester(target, Map.of()).statusCode(201).extract().path("id");
        assertNotEquals(first, second);
    }

    @Test
    void theTargetMustBeALiveAgentOfTheOrganization() {
        AgentApi owner = AgentApi.newOrganization();
        String target = owner.createAgent("private");
        AgentApi.newOrganization().tester(target, Map.of()).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        owner.tester("12345", Map.of()).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        owner.delete(target).statusCode(200);
        owner.tester(target, Map.of()).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void aResellerKeyOrAKeyWithoutAgentsTestCannotAskForATester() {
        AgentApi owner = AgentApi.newOrganization();
        String target = owner.createAgent("target");
        AgentApi.as(TestTokens.forOrganization(owner.organizationId()).scopes(AgentApi.ALL_AGENT_SCOPES).reseller())
                .tester(target, Map.of()).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        AgentApi.as(TestTokens.forOrganization(owner.organizationId()).scopes("agents:read", "agents:write"))
                .tester(target, Map.of()).statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
    }

    /**
     * Two first calls at once: both wait on the target's row lock held here, and once it is released one creates
     * the tester and the other returns it.
     */
    @Test
    void concurrentFirstCallsCreateOneTester() throws Exception {
        AgentApi api = AgentApi.newOrganization();
        String target = api.createAgent("raced");
        try (Connection holder = TestDatabase.connect()) {
            holder.setAutoCommit(false);
            try (PreparedStatement lock = holder.prepareStatement("SELECT id FROM agents WHERE id = ? FOR UPDATE")) {
                lock.setObject(1, UUID.fromString(target));
                lock.executeQuery().close();
            }
            CompletableFuture<Response> first = CompletableFuture.supplyAsync(
                    () -> api.request().body(Map.of("name", "first")).post("/agents/" + target + "/tester"));
            CompletableFuture<Response> second = CompletableFuture.supplyAsync(
                    () -> api.request().body(Map.of("name", "second")).post("/agents/" + target + "/tester"));
            TestDatabase.awaitBlockedOnLock(2, "SELECT id, org_id");
            holder.commit();
            List<Response> responses = List.of(first.get(), second.get());
            List<Integer> statuses = responses.stream().map(Response::statusCode).sorted().toList();
            assertEquals(List.of(200, 201), statuses, responses.get(0).asString() + responses.get(1).asString());
            assertEquals((String) responses.get(0).path("id"), responses.get(1).path("id"));
        }
        assertEquals(1, TestDatabase.query("SELECT id FROM agents WHERE test_target_agent_id = ?",
                UUID.fromString(target)).size());
    }
}
