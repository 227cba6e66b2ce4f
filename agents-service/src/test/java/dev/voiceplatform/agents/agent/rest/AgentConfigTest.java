package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.voiceplatform.agents.settings.SettingKey;
import dev.voiceplatform.agents.settings.SettingsCatalog;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** GET and PATCH /agents/:id/config: the document of 2.4 and rules 1 to 7 of 4.2. */
@QuarkusTest
class AgentConfigTest {

    private static final Duration EVENT_WAIT = Duration.ofSeconds(30);

    private final AgentApi api = AgentApi.newOrganization();
    private final ConfigApi config = new ConfigApi(api);

    @Test
    void theDocumentShowsEveryKeyOfTheCatalogueNullWhenUnset() {
        String id = api.create(Map.of("name", "Front desk", "prompt", "You answer calls.", "greeting", "Hello"))
                .statusCode(201).extract().path("id");
        Response response = config.get(id).statusCode(200)
                .header("ETag", equalTo("\"1\""))
                .body("id", equalTo(id))
                .body("name", equalTo("Front desk"))
                .body("status", equalTo("inactive"))
                .body("published", is(false))
                .body("version", equalTo(1))
                .body("updated_at", notNullValue())
                .body("secrets_configured.'webhook.secret'", is(false))
                .body("secrets_configured.vendor1ApiKey", is(false))
                .body("secrets_configured.tts4VoiceCloneKey", is(false))
                .body("$", not(hasKey("warnings")))
                .body("$", not(hasKey("ignored_empty_fields")))
                .extract().response();
        Map<String, Object> document = response.path("config");
        assertEquals(SettingsCatalog.keys().stream().map(SettingKey::name).toList(), List.copyOf(document.keySet()));
        assertEquals("Front desk", document.get("name"));
        assertEquals("You answer calls.", document.get("prompt"));
        assertEquals("Hello", document.get("greeting"));
        assertEquals("en", document.get("language"));
        assertEquals("engineA-realtime", document.get("model"));
        assertEquals("alloy", document.get("voice"));
        assertEquals("inactive", document.get("status"));
        assertEquals(false, document.get("isTester"));
        for (String unset : List.of("description", "businessContext", "temperature", "webhook", "stageGraph",
                "vendor1ApiKey", "tts4VoiceCloneKey", "phoneNumber", "testTargetAgentId", "agentTimezone")) {
            assertNull(document.get(unset), unset);
        }
    }

    @Test
    void absentKeysStayAndTheVersionMovesOncePerChangeWithOneEvent() {
        String id = api.createAgent("settings");
        config.patch(id, Map.of("temperature", 0.7, "voicemailAction", "LEAVE_MESSAGE")).statusCode(200)
                .header("ETag", equalTo("\"2\""))
                .body("version", equalTo(2))
                .body("config.temperature", equalTo(0.7f))
                .body("config.voicemailAction", equalTo("LEAVE_MESSAGE"));
        config.patch(id, Map.of("responseStyle", "formal", "prompt", "You book tables.")).statusCode(200)
                .body("version", equalTo(3))
                .body("config.temperature", equalTo(0.7f))
                .body("config.voicemailAction", equalTo("LEAVE_MESSAGE"))
                .body("config.responseStyle", equalTo("formal"))
                .body("config.prompt", equalTo("You book tables."))
                .body("config.name", equalTo("settings"));

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "agents.events")) {
            KafkaEvents.ReceivedEvent first = events.await(
                    event -> KafkaEvents.ofType("agent.updated", id).test(event)
                            && event.data().path("agent").path("version").asInt() == 2, EVENT_WAIT);
            assertEquals("[\"temperature\",\"voicemailAction\"]", first.data().path("changed_fields").toString());
            KafkaEvents.ReceivedEvent second = events.await(
                    event -> KafkaEvents.ofType("agent.updated", id).test(event)
                            && event.data().path("agent").path("version").asInt() == 3, EVENT_WAIT);
            assertEquals("[\"prompt\",\"responseStyle\"]", second.data().path("changed_fields").toString());
        }
    }

    @Test
    void aPatchThatChangesNothingKeepsTheVersion() {
        String id = api.createAgent("same");
        config.patch(id, Map.of("temperature", 1)).statusCode(200).body("version", equalTo(2));
        config.patch(id, Map.of("temperature", 1.0, "name", "same")).statusCode(200).body("version", equalTo(2));
        config.patch(id, Map.of()).statusCode(200).body("version", equalTo(2));
    }

    @Test
    void theWholeDocumentReadBackWithOneChangeIsAccepted() {
        String id = api.create(Map.of("name", "Whole", "prompt", "p", "description", "about"))
                .statusCode(201).extract().path("id");
        config.patch(id, Map.of("agentTimezone", "Asia/Jerusalem", "vendor1ApiKey", "key-1",
                "webhook", Map.of("url", "https://93.184.216.34/hook", "secret", "s3cret-value"),
                "turnDetectorModel", "SEMANTIC_VAD", "eagerness", "high")).statusCode(200).body("version", equalTo(2));
        Map<String, Object> document = config.config(id);
        document.put("temperature", 0.9);
        config.patch(id, document).statusCode(200)
                .body("version", equalTo(3))
                .body("config.temperature", equalTo(0.9f))
                .body("config.agentTimezone", equalTo("Asia/Jerusalem"))
                .body("config.webhook.url", equalTo("https://93.184.216.34/hook"))
                .body("config.webhook.secret", nullValue())
                .body("secrets_configured.'webhook.secret'", is(true))
                .body("secrets_configured.vendor1ApiKey", is(true));
        config.patch(id, config.config(id)).statusCode(200).body("version", equalTo(3));
    }

    @Test
    void unknownKeysAre400UnknownFieldAndNothingIsSaved() {
        String id = api.createAgent("unknown");
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("temperature", 0.5);
        body.put("colour", "blue");
        body.put("Temperature", 1);
        config.patch(id, body).statusCode(400)
                .body("error.code", equalTo("UNKNOWN_FIELD"))
                .body("error.details.unknown", containsInAnyOrder("colour", "Temperature"));
        config.get(id).statusCode(200).body("version", equalTo(1)).body("config.temperature", nullValue());
    }

    @Test
    void aBodyThatIsNotAnObjectIsAnInvalidRequest() {
        String id = api.createAgent("bodies");
        api.request().body("[\"temperature\"]").patch("/agents/" + id + "/config").then().statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"));
        api.request().body("\"text\"").patch("/agents/" + id + "/config").then().statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"));
        config.get(id).statusCode(200).body("version", equalTo(1));
    }

    @Test
    void statusAndPhoneNumberAreReadOnly() throws Exception {
        String id = api.createAgent("read only");
        config.patch(id, Map.of("status", "active")).statusCode(400)
                .body("error.code", equalTo("READ_ONLY_FIELD"))
                .body("error.details.fields", contains("status"));
        config.patch(id, Map.of("phoneNumber", "+14155550123", "temperature", 1)).statusCode(400)
                .body("error.code", equalTo("READ_ONLY_FIELD"))
                .body("error.details.fields", contains("phoneNumber"));
        bindNumber(id, "+14155550123");
        config.get(id).statusCode(200).body("config.phoneNumber", equalTo("+14155550123"));
        config.patch(id, Map.of("phoneNumber", "+14155550199")).statusCode(400)
                .body("error.code", equalTo("READ_ONLY_FIELD"));
        Map<String, Object> nullNumber = new HashMap<>();
        nullNumber.put("phoneNumber", null);
        config.patch(id, nullNumber).statusCode(400).body("error.code", equalTo("READ_ONLY_FIELD"));
        // The values read back are no change: a whole document can be sent back.
        config.patch(id, Map.of("status", "inactive", "phoneNumber", "+14155550123", "temperature", 1))
                .statusCode(200).body("version", equalTo(2)).body("status", equalTo("inactive"));
    }

    @Test
    void credentialsAreWriteOnlyAndKeptWhenOmittedNullOrEmpty() {
        String id = api.createAgent("credentials");
        config.patch(id, Map.of("vendor1ApiKey", "cal-key-0001", "tts4VoiceCloneKey", "clone-key-0001"))
                .statusCode(200)
                .body("version", equalTo(2))
                .body("config.vendor1ApiKey", nullValue())
                .body("config.tts4VoiceCloneKey", nullValue())
                .body("secrets_configured.vendor1ApiKey", is(true))
                .body("secrets_configured.tts4VoiceCloneKey", is(true))
                .body("secrets_configured.'webhook.secret'", is(false));
        Map<String, Object> keep = new HashMap<>();
        keep.put("vendor1ApiKey", null);
        keep.put("tts4VoiceCloneKey", "");
        config.patch(id, keep).statusCode(200)
                .body("version", equalTo(2))
                .body("secrets_configured.vendor1ApiKey", is(true))
                .body("secrets_configured.tts4VoiceCloneKey", is(true))
                .body("ignored_empty_fields", contains("tts4VoiceCloneKey"));
        config.patch(id, Map.of("vendor1ApiKey", "cal-key-0002")).statusCode(200).body("version", equalTo(3));
        String raw = config.get(id).statusCode(200).extract().asString();
        assertFalse(raw.contains("cal-key-000") || raw.contains("clone-key-0001"), raw);

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "agents.events")) {
            KafkaEvents.ReceivedEvent rotated = events.await(
                    event -> KafkaEvents.ofType("agent.updated", id).test(event)
                            && event.data().path("agent").path("version").asInt() == 3, EVENT_WAIT);
            assertEquals("[\"vendor1ApiKey\"]", rotated.data().path("changed_fields").toString());
            assertFalse(rotated.data().toString().contains("cal-key-000"), rotated.data().toString());
        }
    }

    @Test
    void anEmptyStringForPlainTextMeansUnchangedAndIsListedOverAStoredValue() {
        String id = api.create(Map.of("name", "kept", "prompt", "p", "greeting", "Hi there"))
                .statusCode(201).extract().path("id");
        config.patch(id, Map.of("businessContext", "A bakery in Haifa")).statusCode(200).body("version", equalTo(2));
        config.patch(id, Map.of("name", "", "greeting", "", "businessContext", "", "silencePromptMessage", ""))
                .statusCode(200)
                .body("version", equalTo(2))
                .body("config.name", equalTo("kept"))
                .body("config.greeting", equalTo("Hi there"))
                .body("config.businessContext", equalTo("A bakery in Haifa"))
                .body("config.silencePromptMessage", nullValue())
                .body("ignored_empty_fields", contains("name", "greeting", "businessContext"));
    }

    @Test
    void nullClearsASettingButNotTheAgentsOwnFields() {
        String id = api.create(Map.of("name", "n", "prompt", "p", "greeting", "Hello"))
                .statusCode(201).extract().path("id");
        config.patch(id, Map.of("temperature", 0.5)).statusCode(200).body("version", equalTo(2));
        Map<String, Object> nulls = new HashMap<>();
        nulls.put("temperature", null);
        nulls.put("greeting", null);
        nulls.put("name", null);
        config.patch(id, nulls).statusCode(200)
                .body("version", equalTo(3))
                .body("config.temperature", nullValue())
                .body("config.greeting", equalTo("Hello"))
                .body("config.name", equalTo("n"));
    }

    @Test
    void nestedBlocksAreReplacedWhole() {
        String id = api.createAgent("blocks");
        config.patch(id, Map.of("dynamicVariables", Map.of(
                "customer_name", Map.of("default", "there", "description", "Who calls"),
                "city", Map.of("default", "Haifa")))).statusCode(200);
        config.patch(id, Map.of("dynamicVariables", Map.of("order_id", Map.of("description", "The order"))))
                .statusCode(200)
                .body("config.dynamicVariables.order_id.description", equalTo("The order"))
                .body("config.dynamicVariables", not(hasKey("customer_name")))
                .body("config.dynamicVariables", not(hasKey("city")));
        config.patch(id, Map.of("customCaptureFields", List.of(Map.of("name", "budget", "type", "number"),
                Map.of("name", "move_date", "type", "date", "required", true)))).statusCode(200);
        config.patch(id, Map.of("customCaptureFields", List.of(Map.of("name", "budget", "type", "text"))))
                .statusCode(200)
                .body("config.customCaptureFields.name", contains("budget"))
                .body("config.customCaptureFields[0].type", equalTo("text"));
    }

    @Test
    void thePartlySentTurnDetectionGroupIsCompletedFromTheStoredAgent() {
        String id = api.createAgent("turns");
        config.patch(id, Map.of("turnDetectorModel", "SEMANTIC_VAD", "eagerness", "high")).statusCode(200)
                .body("version", equalTo(2));
        // eagerness high stays from the stored agent and does not fit the new detector.
        config.patch(id, Map.of("turnDetectorModel", "SERVER_VAD")).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("eagerness"));
        Map<String, Object> switched = new HashMap<>();
        switched.put("turnDetectorModel", "SERVER_VAD");
        switched.put("eagerness", null);
        switched.put("vadEndSensitivity", "low");
        config.patch(id, switched).statusCode(200)
                .body("version", equalTo(3))
                .body("config.turnDetectorModel", equalTo("SERVER_VAD"))
                .body("config.eagerness", nullValue())
                .body("config.vadEndSensitivity", equalTo("low"));
        // The stored detector completes a patch that sends only eagerness.
        config.patch(id, Map.of("eagerness", "low")).statusCode(400)
                .body("error.fields.field", contains("eagerness"));
        config.patch(id, Map.of("inputAudioNoiseReduction", "far_field")).statusCode(200)
                .body("config.turnDetectorModel", equalTo("SERVER_VAD"))
                .body("config.vadEndSensitivity", equalTo("low"));
    }

    @Test
    void theAgentAndItsSettingsAreOneSourceOfTruth() {
        String id = api.createAgent("one");
        api.patch(id, Map.of("name", "renamed", "language", "he")).statusCode(200).body("version", equalTo(2));
        config.get(id).statusCode(200)
                .body("version", equalTo(2))
                .body("name", equalTo("renamed"))
                .body("config.name", equalTo("renamed"))
                .body("config.language", equalTo("he"));
        config.patch(id, Map.of("prompt", "You take orders.", "greeting", "Shalom", "model", "engineB-realtime",
                "voice", "Kore", "language", "fr")).statusCode(200).body("version", equalTo(3));
        api.patch(id, Map.of()).statusCode(200)
                .body("version", equalTo(3))
                .body("prompt", equalTo("You take orders."))
                .body("greeting", equalTo("Shalom"))
                .body("model", equalTo("engineB-realtime"))
                .body("voice", equalTo("Kore"))
                .body("language", equalTo("fr"));
        api.get(id).statusCode(200).header("ETag", equalTo("\"3\"")).body("language", equalTo("fr"));
    }

    @Test
    void ifMatchWorksAsOnTheAgent() {
        String id = api.createAgent("conditional");
        config.patch(id, "1", Map.of("temperature", 0.4)).statusCode(200).body("version", equalTo(2));
        config.patch(id, "\"2\"", Map.of("temperature", 0.5)).statusCode(200).body("version", equalTo(3));
        config.patch(id, "2", Map.of("temperature", 0.6)).statusCode(412)
                .body("error.code", equalTo("VERSION_CONFLICT"))
                .body("error.details.current_version", equalTo(3));
        config.patch(id, "abc", Map.of("temperature", 0.6)).statusCode(400)
                .body("error.code", equalTo("INVALID_IF_MATCH"));
        config.get(id).statusCode(200).body("config.temperature", equalTo(0.5f));
    }

    @Test
    void aChangeBetweenReadAndWriteIs409VersionConflict() throws Exception {
        String id = api.createAgent("raced");
        Response response = patchWhileRowIsHeld(id,
                "UPDATE agents SET name = 'changed elsewhere', version = version + 1 WHERE id = ?");
        assertEquals(409, response.statusCode(), response.asString());
        assertEquals("VERSION_CONFLICT", response.path("error.code"));
        assertEquals(Integer.valueOf(2), response.path("error.details.current_version"));
        config.get(id).statusCode(200).body("config.temperature", nullValue());
    }

    @Test
    void aDeletionBetweenReadAndWriteIs409AgentDeleted() throws Exception {
        String id = api.createAgent("deleted meanwhile");
        Response response = patchWhileRowIsHeld(id,
                "UPDATE agents SET deleted_at = now(), version = version + 1 WHERE id = ?");
        assertEquals(409, response.statusCode(), response.asString());
        assertEquals("AGENT_DELETED", response.path("error.code"));
    }

    @Test
    void anotherOrganizationsADeletedOrAMalformedAgentIsNotFound() {
        String id = api.createAgent("mine");
        ConfigApi stranger = new ConfigApi(AgentApi.newOrganization());
        stranger.get(id).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        stranger.patch(id, Map.of("temperature", 1)).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        config.get("not-a-uuid").statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        config.patch("not-a-uuid", Map.of("temperature", 1)).statusCode(404);
        config.get(UUID.randomUUID().toString()).statusCode(404);
        api.delete(id).statusCode(200);
        config.get(id).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        config.patch(id, Map.of("temperature", 1)).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void settingsNeedAnOrganizationKeyAndTheirScopes() {
        String id = api.createAgent("scoped");
        ConfigApi reseller = new ConfigApi(AgentApi.as(TestTokens.forOrganization(api.organizationId())
                .scopes(AgentApi.ALL_AGENT_SCOPES).reseller()));
        reseller.get(id).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        reseller.patch(id, Map.of("temperature", 1)).statusCode(403)
                .body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        ConfigApi reader = new ConfigApi(AgentApi.as(TestTokens.forOrganization(api.organizationId())
                .scopes("agents:read")));
        reader.get(id).statusCode(200);
        reader.patch(id, Map.of("temperature", 1)).statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        ConfigApi writer = new ConfigApi(AgentApi.as(TestTokens.forOrganization(api.organizationId())
                .scopes("agents:write")));
        writer.get(id).statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        config.get(id).statusCode(200).body("version", equalTo(1));
    }

    /** Puts a number in the agents service's projection of the numbers service's bindings. */
    private void bindNumber(String agentId, String number) throws Exception {
        try (Connection connection = TestDatabase.connect();
                PreparedStatement insert = connection.prepareStatement("INSERT INTO agent_phone_numbers "
                        + "(org_id, agent_id, phone_number_id, phone_number, bound_at) VALUES (?, ?, ?, ?, ?)")) {
            insert.setObject(1, api.organizationId());
            insert.setObject(2, UUID.fromString(agentId));
            insert.setObject(3, UUID.randomUUID());
            insert.setString(4, number);
            insert.setTimestamp(5, Timestamp.from(Instant.now()));
            insert.executeUpdate();
        }
    }

    private Response patchWhileRowIsHeld(String id, String concurrentChange) throws Exception {
        return HeldRow.whileChangedElsewhere(id, concurrentChange,
                () -> api.request().body(Map.of("temperature", 0.3)).patch("/agents/" + id + "/config"));
    }
}
