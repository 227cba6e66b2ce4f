package dev.voiceplatform.agents.calendar.rest;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.agents.agent.rest.AgentApi;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CalendarTest {

    @Test
    void anAgentWithNothingSavedAnswersTheDefaultsWithAnEmptyId() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("calendar defaults");
        get(api, agent).statusCode(200)
                .body("id", equalTo(""))
                .body("agentId", equalTo(agent))
                .body("isEnabled", is(false))
                .body("timezone", equalTo("UTC"))
                .body("defaultDuration", equalTo(30))
                .body("bufferTime", equalTo(0))
                .body("calendarConnectionId", nullValue())
                .body("eventTypeId", nullValue())
                .body("eventTypeSlug", nullValue())
                .body("createdAt", nullValue())
                .body("updatedAt", nullValue());
        assertEquals(0, TestDatabase.query("SELECT 1 FROM agent_calendars WHERE agent_id = ?",
                UUID.fromString(agent)).size());
    }

    @Test
    void theDefaultTimezoneIsTheAgentsTimezoneSettingWhenItNamesAZone() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("calendar timezone");
        setAgentTimezone(agent, "Asia/Jerusalem");
        get(api, agent).statusCode(200).body("timezone", equalTo("Asia/Jerusalem"));
        put(api, agent, Map.of("isEnabled", true)).statusCode(200).body("timezone", equalTo("Asia/Jerusalem"));

        String other = api.createAgent("calendar bad timezone setting");
        setAgentTimezone(other, "Mars/Olympus_Mons");
        get(api, other).statusCode(200).body("timezone", equalTo("UTC"));
    }

    @Test
    void putChangesOnlyTheKeysSentAndKeepsTheRecord() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("calendar put");
        String id = put(api, agent, Map.of("isEnabled", true, "timezone", "Europe/London")).statusCode(200)
                .body("id", not(equalTo("")))
                .body("agentId", equalTo(agent))
                .body("isEnabled", is(true))
                .body("timezone", equalTo("Europe/London"))
                .body("defaultDuration", equalTo(30))
                .body("bufferTime", equalTo(0))
                .body("createdAt", notNullValue())
                .body("updatedAt", notNullValue())
                .extract().path("id");
        String createdAt = get(api, agent).extract().path("createdAt");

        put(api, agent, Map.of("defaultDuration", 45, "bufferTime", 10, "eventTypeId", "evt-1",
                "eventTypeSlug", "intro-call")).statusCode(200)
                .body("id", equalTo(id))
                .body("isEnabled", is(true))
                .body("timezone", equalTo("Europe/London"))
                .body("defaultDuration", equalTo(45))
                .body("bufferTime", equalTo(10));
        put(api, agent, Map.of()).statusCode(200).body("defaultDuration", equalTo(45));
        put(api, agent, Map.of("eventTypeSlug", "")).statusCode(200).body("eventTypeSlug", nullValue());

        get(api, agent).statusCode(200)
                .body("id", equalTo(id))
                .body("createdAt", equalTo(createdAt))
                .body("isEnabled", is(true))
                .body("timezone", equalTo("Europe/London"))
                .body("defaultDuration", equalTo(45))
                .body("bufferTime", equalTo(10))
                .body("eventTypeId", equalTo("evt-1"))
                .body("eventTypeSlug", nullValue());
        put(api, agent, Map.of("defaultDuration", 5, "bufferTime", 240)).statusCode(200);
        put(api, agent, Map.of("defaultDuration", 480, "bufferTime", 0)).statusCode(200)
                .body("defaultDuration", equalTo(480)).body("bufferTime", equalTo(0));
    }

    @Test
    void aConnectionOfTheOrganizationIsAttachedAndAnEmptyStringOrNullDetachesIt() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("calendar connection");
        UUID connection = connection(api.organizationId());
        put(api, agent, Map.of("calendarConnectionId", connection.toString())).statusCode(200)
                .body("calendarConnectionId", equalTo(connection.toString()));
        put(api, agent, Map.of("isEnabled", true)).statusCode(200)
                .body("calendarConnectionId", equalTo(connection.toString()));
        put(api, agent, Map.of("calendarConnectionId", "")).statusCode(200)
                .body("calendarConnectionId", nullValue());

        put(api, agent, Map.of("calendarConnectionId", connection.toString())).statusCode(200);
        Map<String, Object> detach = new HashMap<>();
        detach.put("calendarConnectionId", null);
        put(api, agent, detach).statusCode(200).body("calendarConnectionId", nullValue());

        put(api, agent, Map.of("calendarConnectionId", connection.toString())).statusCode(200);
        TestDatabase.update("DELETE FROM calendar_connections WHERE id = ?", connection);
        get(api, agent).statusCode(200).body("calendarConnectionId", nullValue()).body("isEnabled", is(true));
    }

    @Test
    void anotherOrganizationsConnectionOrAnUnknownOneIsAValidationErrorAndNothingIsSaved() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("calendar foreign connection");
        UUID foreign = connection(UUID.randomUUID());
        for (String refused : new String[] {foreign.toString(), UUID.randomUUID().toString(), "not-a-uuid"}) {
            put(api, agent, Map.of("calendarConnectionId", refused, "isEnabled", true)).statusCode(400)
                    .body("error.code", equalTo("VALIDATION_ERROR"))
                    .body("error.fields.field", containsInAnyOrder("calendarConnectionId"));
        }
        put(api, agent, Map.of("calendarConnectionId", 42)).statusCode(400)
                .body("error.fields.field", containsInAnyOrder("calendarConnectionId"));
        get(api, agent).statusCode(200).body("id", equalTo("")).body("isEnabled", is(false));
    }

    @Test
    void aConnectionRemovedBetweenTheCheckAndTheWriteIsAValidationError() throws Exception {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("calendar connection removed meanwhile");
        UUID connection = connection(api.organizationId());
        try (Connection dashboard = TestDatabase.connect()) {
            dashboard.setAutoCommit(false);
            try (PreparedStatement remove = dashboard.prepareStatement("DELETE FROM calendar_connections WHERE id = ?")) {
                remove.setObject(1, connection);
                assertEquals(1, remove.executeUpdate());
            }
            CompletableFuture<Response> put = CompletableFuture.supplyAsync(() -> api.request()
                    .body(Map.of("calendarConnectionId", connection.toString()))
                    .put("/agents/" + agent + "/calendar"));
            TestDatabase.awaitBlockedOnLock(1, "INSERT INTO agent_calendars");
            dashboard.commit();
            Response refused = put.get();
            assertEquals(400, refused.statusCode(), refused.asString());
            assertEquals("VALIDATION_ERROR", refused.path("error.code"));
            assertEquals(List.of("calendarConnectionId"), refused.path("error.fields.field"));
        }
        get(api, agent).statusCode(200).body("id", equalTo(""));
    }

    @Test
    void invalidValuesAreAllListedAndNothingIsSaved() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("calendar validation");
        Map<String, Object> body = new HashMap<>();
        body.put("timezone", "Mars/Olympus_Mons");
        body.put("defaultDuration", 4);
        body.put("bufferTime", -1);
        body.put("isEnabled", "yes");
        body.put("eventTypeId", 12);
        body.put("eventTypeSlug", "x".repeat(201));
        put(api, agent, body).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder("timezone", "defaultDuration", "bufferTime",
                        "isEnabled", "eventTypeId", "eventTypeSlug"));

        put(api, agent, Map.of("defaultDuration", 481, "bufferTime", 241, "timezone", "+02:00")).statusCode(400)
                .body("error.fields.field", containsInAnyOrder("defaultDuration", "bufferTime", "timezone"));
        put(api, agent, Map.of("defaultDuration", "30", "bufferTime", 1.5)).statusCode(400)
                .body("error.fields.field", containsInAnyOrder("defaultDuration", "bufferTime"));
        Map<String, Object> nulls = new HashMap<>();
        nulls.put("isEnabled", null);
        nulls.put("timezone", null);
        nulls.put("defaultDuration", null);
        nulls.put("bufferTime", null);
        put(api, agent, nulls).statusCode(400)
                .body("error.fields.field", containsInAnyOrder("isEnabled", "timezone", "defaultDuration",
                        "bufferTime"));
        get(api, agent).statusCode(200).body("id", equalTo(""));
    }

    @Test
    void anUnknownKeyIsRefusedWithTheKeysListedAndABodyMustBeAnObject() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("calendar unknown key");
        put(api, agent, Map.of("isEnabled", true, "timeZone", "UTC", "duration", 30)).statusCode(400)
                .body("error.code", equalTo("UNKNOWN_FIELD"))
                .body("error.details.unknown", containsInAnyOrder("timeZone", "duration"));
        api.request().body("[]").put("/agents/" + agent + "/calendar").then().statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"));
        get(api, agent).statusCode(200).body("id", equalTo("")).body("isEnabled", is(false));
    }

    @Test
    void anotherOrganizationsDeletedOrMalformedAgentIsNotFound() {
        AgentApi owner = AgentApi.newOrganization();
        String agent = owner.createAgent("calendar tenancy");
        AgentApi stranger = AgentApi.newOrganization();
        get(stranger, agent).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        put(stranger, agent, Map.of("isEnabled", true)).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        get(owner, "not-a-uuid").statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        put(owner, "not-a-uuid", Map.of("isEnabled", true)).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        get(owner, UUID.randomUUID().toString()).statusCode(404);

        owner.delete(agent).statusCode(200);
        get(owner, agent).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        put(owner, agent, Map.of("isEnabled", true)).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void aResellerKeyIsRefusedAndEachMethodChecksItsScope() {
        AgentApi owner = AgentApi.newOrganization();
        String agent = owner.createAgent("calendar access");
        AgentApi reseller = AgentApi.as(TestTokens.forOrganization(owner.organizationId())
                .scopes(AgentApi.ALL_AGENT_SCOPES).reseller());
        get(reseller, agent).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        put(reseller, agent, Map.of("isEnabled", true)).statusCode(403)
                .body("error.code", equalTo("ORGANIZATION_REQUIRED"));

        AgentApi reader = AgentApi.as(TestTokens.forOrganization(owner.organizationId()).scopes("agents:read"));
        reader.request().get("/agents/" + agent + "/calendar").then().statusCode(200);
        put(reader, agent, Map.of("isEnabled", true)).statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        AgentApi writer = AgentApi.as(TestTokens.forOrganization(owner.organizationId()).scopes("agents:write"));
        get(writer, agent).statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        get(owner, agent).statusCode(200).body("isEnabled", is(false));
    }

    @Test
    void concurrentFirstPutsMakeOneRecordAndEveryKeyLands() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("calendar race");
        List<Map<String, Object>> bodies = List.of(Map.of("isEnabled", true), Map.of("timezone", "Europe/Paris"),
                Map.of("defaultDuration", 50), Map.of("bufferTime", 15), Map.of("eventTypeId", "e"),
                Map.of("eventTypeSlug", "s"));
        List<CompletableFuture<Integer>> puts = new ArrayList<>();
        for (Map<String, Object> body : bodies) {
            puts.add(CompletableFuture.supplyAsync(() -> put(api, agent, body).extract().statusCode()));
        }
        puts.forEach(done -> assertEquals(200, done.join()));
        assertEquals(1, TestDatabase.query("SELECT 1 FROM agent_calendars WHERE agent_id = ?",
                UUID.fromString(agent)).size());
        get(api, agent).statusCode(200)
                .body("isEnabled", is(true))
                .body("timezone", equalTo("Europe/Paris"))
                .body("defaultDuration", equalTo(50))
                .body("bufferTime", equalTo(15))
                .body("eventTypeId", equalTo("e"))
                .body("eventTypeSlug", equalTo("s"));
    }

    @Test
    void aSaveMovesTheAgentsVersionAndEmitsAgentUpdatedNamingTheCalendar() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("calendar version");
        put(api, agent, Map.of("isEnabled", true)).statusCode(200);
        put(api, agent, Map.of("bufferTime", 10)).statusCode(200);
        assertEquals(3, api.version(agent), "each save is a change of the agent");

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "agents.events")) {
            KafkaEvents.ReceivedEvent updated = events.await(
                    event -> KafkaEvents.ofType("agent.updated", agent).test(event)
                            && event.data().path("agent").path("version").asInt() == 3, Duration.ofSeconds(10));
            assertEquals("[\"calendar\"]", updated.data().path("changed_fields").toString());
        }
    }

    @Test
    void aSaveThatFailsLeavesTheAgentsVersionAndEmitsNothing() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("calendar refused");
        TestDatabase.update("CREATE FUNCTION refuse_calendar_for_test() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "RAISE EXCEPTION 'refused for the test'; END $$");
        TestDatabase.update("CREATE TRIGGER refuse_calendar_for_test BEFORE INSERT ON agent_calendars FOR EACH ROW "
                + "WHEN (NEW.agent_id = '" + agent + "') EXECUTE FUNCTION refuse_calendar_for_test()");
        try {
            put(api, agent, Map.of("isEnabled", true)).statusCode(500);
        } finally {
            TestDatabase.update("DROP TRIGGER refuse_calendar_for_test ON agent_calendars");
            TestDatabase.update("DROP FUNCTION refuse_calendar_for_test()");
        }
        assertEquals(1, api.version(agent), "the version moves in the save's transaction, so it rolled back too");
        assertEquals(0, TestDatabase.query("SELECT id FROM outbox_event WHERE message_key = ? "
                + "AND event_type = 'agent.updated'", agent).size());
    }

    private static ValidatableResponse get(AgentApi api, String agent) {
        return api.request().get("/agents/" + agent + "/calendar").then();
    }

    private static ValidatableResponse put(AgentApi api, String agent, Map<String, ?> body) {
        return api.request().body(body).put("/agents/" + agent + "/calendar").then();
    }

    /** A calendar account connected in the dashboard (the API cannot connect one). */
    static UUID connection(UUID organizationId) {
        UUID id = UUID.randomUUID();
        TestDatabase.update("INSERT INTO calendar_connections (id, org_id, provider, account_email) "
                + "VALUES (?, ?, 'suite-a', 'owner@example.com')", id, organizationId);
        return id;
    }

    private static void setAgentTimezone(String agent, String timezone) {
        TestDatabase.update("UPDATE agents SET settings = jsonb_build_object('agentTimezone', ?::text) WHERE id = ?",
                timezone, UUID.fromString(agent));
    }
}
