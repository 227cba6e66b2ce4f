package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AgentUpdateTest {

    @Test
    void changesOnlySentFieldsAndMovesTheVersionOnce() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.create(Map.of("name", "before", "prompt", "p1", "greeting", "hi", "language", "en"))
                .statusCode(201).extract().path("id");

        api.patch(id, Map.of("name", "after", "language", "he")).statusCode(200)
                .header("ETag", equalTo("\"2\""))
                .body("name", equalTo("after"))
                .body("language", equalTo("he"))
                .body("prompt", equalTo("p1"))
                .body("greeting", equalTo("hi"))
                .body("version", equalTo(2));

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "agents.events")) {
            KafkaEvents.ReceivedEvent updated = events.await(KafkaEvents.ofType("agent.updated", id),
                    Duration.ofSeconds(30));
            assertEquals(2, updated.data().path("agent").path("version").asInt());
            assertEquals("[\"name\",\"language\"]", updated.data().path("changed_fields").toString());
        }
    }

    @Test
    void aPatchThatChangesNothingKeepsTheVersion() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("same");
        api.patch(id, Map.of("name", "same")).statusCode(200).body("version", equalTo(1));
        api.patch(id, Map.of()).statusCode(200).body("version", equalTo(1));
    }

    @Test
    void anEmptyStringClearsGreetingAndDescription() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.create(Map.of("name", "n", "prompt", "p", "greeting", "hello", "description", "about"))
                .statusCode(201).extract().path("id");
        api.patch(id, Map.of("greeting", "", "description", "")).statusCode(200)
                .body("greeting", nullValue())
                .body("description", nullValue())
                .body("version", equalTo(2));
    }

    @Test
    void aBlankPromptIs422AndABlankNameIsAValidationError() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("n");
        api.patch(id, Map.of("prompt", "")).statusCode(422).body("error.code", equalTo("INVALID_REQUEST"));
        api.patch(id, Map.of("name", " ")).statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("name"));
        Map<String, Object> nullName = new HashMap<>();
        nullName.put("name", null);
        api.patch(id, nullName).statusCode(400).body("error.fields.field", contains("name"));
        api.patch(id, Map.of("language", "de")).statusCode(400).body("error.fields.field", contains("language"));
        api.get(id).statusCode(200).header("ETag", equalTo("\"1\""));
    }

    @Test
    void modelAndVoiceAreValidatedAgainstTheEngineTheAgentWillHave() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("engine");
        api.patch(id, Map.of("model", "engineB-realtime")).statusCode(400).body("error.code", equalTo("INVALID_MODEL"));
        api.patch(id, Map.of("voice", "Kore")).statusCode(400).body("error.code", equalTo("INVALID_MODEL"));
        api.patch(id, Map.of("model", "engineB-realtime", "voice", "Kore")).statusCode(200)
                .body("model", equalTo("engineB-realtime")).body("voice", equalTo("Kore"));
        api.patch(id, Map.of("voice", "Aoede")).statusCode(200).body("voice", equalTo("Aoede"));
        api.patch(id, Map.of("model", "engineB-aistudio")).statusCode(403).body("error.code", equalTo("FORBIDDEN"));
        api.patch(id, Map.of("model", "nope")).statusCode(400).body("error.code", equalTo("INVALID_MODEL"));
    }

    @Test
    void ifMatchMakesTheWriteConditional() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("conditional");
        api.request().header("If-Match", "1").body(Map.of("name", "v2")).patch("/agents/" + id).then()
                .statusCode(200).body("version", equalTo(2));
        api.request().header("If-Match", "\"2\"").body(Map.of("name", "v3")).patch("/agents/" + id).then()
                .statusCode(200).body("version", equalTo(3));
        api.request().header("If-Match", "1").body(Map.of("name", "stale")).patch("/agents/" + id).then()
                .statusCode(412)
                .body("error.code", equalTo("VERSION_CONFLICT"))
                .body("error.details.current_version", equalTo(3));
        for (String bad : new String[] {"abc", "1.5", "*", "-1"}) {
            api.request().header("If-Match", bad).body(Map.of("name", "x")).patch("/agents/" + id).then()
                    .statusCode(400).body("error.code", equalTo("INVALID_IF_MATCH"));
        }
        api.get(id).statusCode(200).body("name", equalTo("v3"));
    }

    @Test
    void aChangeBetweenReadAndWriteIs409VersionConflict() throws Exception {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("raced");
        Response response = patchWhileRowIsHeld(api, id,
                "UPDATE agents SET name = 'changed elsewhere', version = version + 1 WHERE id = ?");
        assertEquals(409, response.statusCode(), response.asString());
        assertEquals("VERSION_CONFLICT", response.path("error.code"));
        assertEquals(Integer.valueOf(2), response.path("error.details.current_version"));
        api.get(id).statusCode(200).body("name", equalTo("changed elsewhere"));
    }

    @Test
    void aDeletionBetweenReadAndWriteIs409AgentDeleted() throws Exception {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("deleted meanwhile");
        Response response = patchWhileRowIsHeld(api, id,
                "UPDATE agents SET deleted_at = now(), version = version + 1 WHERE id = ?");
        assertEquals(409, response.statusCode(), response.asString());
        assertEquals("AGENT_DELETED", response.path("error.code"));
    }

    private static Response patchWhileRowIsHeld(AgentApi api, String id, String concurrentChange) throws Exception {
        return HeldRow.whileChangedElsewhere(id, concurrentChange,
                () -> api.request().body(Map.of("name", "mine")).patch("/agents/" + id));
    }
}
