package dev.voiceplatform.agents.integrations.rest;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.agents.agent.rest.AgentApi;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

@QuarkusTest
class IntegrationsTest {

    @Test
    void anIntegrationWithAnAccountShowsNullConfigAndNotConnectedUntilBothHappen() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("suite-a");
        assertEquals(Set.of("config", "connected"), keys(get(api, agent, "suite-a").statusCode(200)
                .body("config", nullValue()).body("connected", is(false))));
        connect(UUID.randomUUID(), "suite-a", "suite_a_email", "someone@else.example");
        get(api, agent, "suite-a").statusCode(200).body("connected", is(false)).body("$", not(hasKey("suite_a_email")));

        connect(api.organizationId(), "suite-a", "suite_a_email", "owner@example.com");
        get(api, agent, "suite-a").statusCode(200)
                .body("config", nullValue())
                .body("connected", is(true))
                .body("suite_a_email", equalTo("owner@example.com"));
        get(api, agent, "suite-a-calendar").statusCode(200).body("$", not(hasKey("connected")));
    }

    @Test
    void patchChangesOnlyTheKeysSentAndNullClearsOne() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("suite-a patch");
        patch(api, agent, "suite-a", Map.of("spreadsheet_id", "sheet-1")).statusCode(200)
                .body("connected", is(false))
                .body("config.spreadsheet_id", equalTo("sheet-1"))
                .body("config.sheet_name", nullValue())
                .body("config", hasKey("calendar_id"))
                .body("config", hasKey("enabled_tools"))
                .body("config", hasKey("require_confirmation_for_delete"));
        patch(api, agent, "suite-a", Map.of("sheet_name", "Leads", "enabled_tools", List.of("sheets", "calendar"),
                "require_confirmation_for_delete", true, "calendar_id", "team@example.com")).statusCode(200);
        Map<String, Object> clear = new HashMap<>();
        clear.put("calendar_id", null);
        patch(api, agent, "suite-a", clear).statusCode(200);
        patch(api, agent, "suite-a", Map.of()).statusCode(200);

        ValidatableResponse read = get(api, agent, "suite-a").statusCode(200)
                .body("config.spreadsheet_id", equalTo("sheet-1"))
                .body("config.sheet_name", equalTo("Leads"))
                .body("config.enabled_tools", contains("sheets", "calendar"))
                .body("config.require_confirmation_for_delete", is(true))
                .body("config.calendar_id", nullValue());
        assertEquals(Set.of("spreadsheet_id", "sheet_name", "calendar_id", "enabled_tools",
                "require_confirmation_for_delete"), read.extract().jsonPath().<String, Object>getMap("config").keySet());

        String other = api.createAgent("suite-a other agent");
        get(api, other, "suite-a").statusCode(200).body("config", nullValue());
    }

    @Test
    void suiteACalendarShowsItsDefaultsAndTakesEnabledUnderEitherName() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("suite-a-calendar");
        assertEquals(Set.of("calendar_id", "default_duration", "reminders", "enabled", "send_invites"),
                keys(get(api, agent, "suite-a-calendar").statusCode(200)
                        .body("calendar_id", equalTo("primary"))
                        .body("default_duration", equalTo(30))
                        .body("reminders", empty())
                        .body("enabled", is(false))
                        .body("send_invites", is(true))));

        patch(api, agent, "suite-a-calendar", Map.of("calendar_enabled", true, "reminders", List.of(10, 1440)))
                .statusCode(200)
                .body("enabled", is(true))
                .body("reminders", contains(10, 1440))
                .body("$", not(hasKey("calendar_enabled")));
        patch(api, agent, "suite-a-calendar", Map.of("enabled", false, "default_duration", 60,
                "calendar_id", "c-2", "send_invites", false)).statusCode(200).body("enabled", is(false));
        patch(api, agent, "suite-a-calendar", Map.of("enabled", true, "calendar_enabled", true)).statusCode(200)
                .body("enabled", is(true));
        patch(api, agent, "suite-a-calendar", Map.of("enabled", true, "calendar_enabled", false)).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("calendar_enabled"));
        Map<String, Object> reset = new HashMap<>();
        reset.put("calendar_id", null);
        get(api, agent, "suite-a-calendar").statusCode(200)
                .body("enabled", is(true)).body("default_duration", equalTo(60)).body("calendar_id", equalTo("c-2"))
                .body("send_invites", is(false)).body("reminders", contains(10, 1440));
        patch(api, agent, "suite-a-calendar", reset).statusCode(200).body("calendar_id", equalTo("primary"));
    }

    @Test
    void suiteAMailTakesItsKeysUnderTheirOwnNamesOrTheMailPrefixedOnes() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("suite-a-mail");
        assertEquals(Set.of("default_subject", "signature", "enabled", "require_confirmation"),
                keys(get(api, agent, "suite-a-mail").statusCode(200)
                        .body("default_subject", nullValue())
                        .body("signature", nullValue())
                        .body("enabled", is(false))
                        .body("require_confirmation", is(true))));
        patch(api, agent, "suite-a-mail", Map.of("default_email_subject", "Your booking", "mail_signature", "Dana",
                "mail_enabled", true, "mail_require_confirmation", false)).statusCode(200)
                .body("default_subject", equalTo("Your booking"))
                .body("signature", equalTo("Dana"))
                .body("enabled", is(true))
                .body("require_confirmation", is(false));
        patch(api, agent, "suite-a-mail", Map.of("default_subject", "Hello", "signature", "Team")).statusCode(200)
                .body("default_subject", equalTo("Hello"))
                .body("signature", equalTo("Team"))
                .body("enabled", is(true));
        patch(api, agent, "suite-a-mail", Map.of("signature", "A", "mail_signature", "B")).statusCode(400)
                .body("error.fields.field", contains("mail_signature"));
        get(api, agent, "suite-a-mail").statusCode(200).body("signature", equalTo("Team"));
    }

    @Test
    void theCrmsShowTheirAccountFieldOnlyWhenConnected() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("crms");
        get(api, agent, "crm-a").statusCode(200).body("connected", is(false)).body("$", not(hasKey("portal_id")));
        patch(api, agent, "crm-a", Map.of("sync_contacts", true, "sync_calls", false, "create_deals", true,
                "default_deal_stage", "appointment", "default_deal_pipeline", "default", "contact_owner_id", "42"))
                .statusCode(200)
                .body("config.sync_contacts", is(true))
                .body("config.sync_calls", is(false))
                .body("config.create_deals", is(true))
                .body("config.default_deal_stage", equalTo("appointment"))
                .body("config.default_deal_pipeline", equalTo("default"))
                .body("config.contact_owner_id", equalTo("42"));
        connect(api.organizationId(), "crm-a", "portal_id", "123456");
        get(api, agent, "crm-a").statusCode(200).body("connected", is(true)).body("portal_id", equalTo("123456"));

        get(api, agent, "crm-b").statusCode(200).body("config", nullValue()).body("connected", is(false));
        patch(api, agent, "crm-b", Map.of("sync_leads", true, "sync_contacts", true, "create_opportunities", false,
                "default_lead_status", "Open", "default_opportunity_stage", "Prospecting", "record_type_id", "rt",
                "owner_id", "005")).statusCode(200)
                .body("config.sync_leads", is(true))
                .body("config.owner_id", equalTo("005"));
        connect(api.organizationId(), "crm-b", "instance_url", "https://acme.crm-b.example");
        assertEquals(Set.of("config", "connected", "instance_url"), keys(get(api, agent, "crm-b").statusCode(200)
                .body("instance_url", equalTo("https://acme.crm-b.example"))));
        get(api, agent, "crm-a").statusCode(200).body("config.sync_contacts", is(true));
    }

    @Test
    void unknownKeysAreListedAndNothingIsSaved() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("integration unknown keys");
        patch(api, agent, "crm-a", Map.of("sync_contacts", true, "sync_leads", true, "owner", "x")).statusCode(400)
                .body("error.code", equalTo("UNKNOWN_FIELD"))
                .body("error.details.unknown", containsInAnyOrder("sync_leads", "owner"));
        patch(api, agent, "suite-a", Map.of("mail_enabled", true)).statusCode(400)
                .body("error.code", equalTo("UNKNOWN_FIELD"));
        patch(api, agent, "suite-a-calendar", Map.of("calendarEnabled", true)).statusCode(400)
                .body("error.details.unknown", contains("calendarEnabled"));
        get(api, agent, "crm-a").statusCode(200).body("config", nullValue());
        api.request().body("[]").patch("/agents/" + agent + "/integrations/crm-a").then().statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"));
    }

    @Test
    void valuesOfTheWrongTypeOrRangeAreValidationErrorsAndNothingIsSaved() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("integration types");
        patch(api, agent, "crm-a", Map.of("sync_contacts", "yes", "default_deal_stage", 5,
                "contact_owner_id", "x".repeat(501))).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder("sync_contacts", "default_deal_stage",
                        "contact_owner_id"));
        patch(api, agent, "suite-a", Map.of("enabled_tools", "sheets")).statusCode(400)
                .body("error.fields.field", contains("enabled_tools"));
        patch(api, agent, "suite-a", Map.of("enabled_tools", List.of("sheets", 1))).statusCode(400)
                .body("error.fields.field", contains("enabled_tools"));
        patch(api, agent, "suite-a", Map.of("enabled_tools", List.of("sheets", "sheets"))).statusCode(400)
                .body("error.fields.field", contains("enabled_tools"));
        patch(api, agent, "suite-a-calendar", Map.of("default_duration", 4, "reminders", List.of(-1),
                "send_invites", 1)).statusCode(400)
                .body("error.fields.field", containsInAnyOrder("default_duration", "reminders", "send_invites"));
        patch(api, agent, "suite-a-calendar", Map.of("reminders", List.of(1, 2, 3, 4, 5, 6))).statusCode(400)
                .body("error.fields.field", contains("reminders"));
        patch(api, agent, "suite-a-mail", Map.of("mail_enabled", "true")).statusCode(400)
                .body("error.fields.field", contains("mail_enabled"));
        get(api, agent, "crm-a").statusCode(200).body("config", nullValue());
        get(api, agent, "suite-a").statusCode(200).body("config", nullValue());
        get(api, agent, "suite-a-calendar").statusCode(200).body("default_duration", equalTo(30));
    }

    @Test
    void anUnknownIntegrationIsNotFound() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("unknown integration");
        for (String segment : new String[] {"crm-c", "SUITE-A", "suite_a"}) {
            get(api, agent, segment).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
            patch(api, agent, segment, Map.of()).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        }
    }

    @Test
    void anotherOrganizationsDeletedOrMalformedAgentIsNotFound() {
        AgentApi owner = AgentApi.newOrganization();
        String agent = owner.createAgent("integration tenancy");
        patch(owner, agent, "crm-a", Map.of("sync_calls", true)).statusCode(200);
        AgentApi stranger = AgentApi.newOrganization();
        get(stranger, agent, "crm-a").statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        patch(stranger, agent, "crm-a", Map.of("sync_calls", false)).statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        get(owner, "123", "crm-a").statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        patch(owner, "123", "crm-a", Map.of()).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        owner.delete(agent).statusCode(200);
        get(owner, agent, "crm-a").statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        patch(owner, agent, "crm-a", Map.of("sync_calls", false)).statusCode(404);
    }

    @Test
    void aResellerKeyIsRefusedAndEachMethodChecksItsScope() {
        AgentApi owner = AgentApi.newOrganization();
        String agent = owner.createAgent("integration access");
        AgentApi reseller = AgentApi.as(TestTokens.forOrganization(owner.organizationId())
                .scopes(AgentApi.ALL_AGENT_SCOPES).reseller());
        get(reseller, agent, "suite-a").statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        patch(reseller, agent, "suite-a", Map.of("sheet_name", "x")).statusCode(403)
                .body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        AgentApi reader = AgentApi.as(TestTokens.forOrganization(owner.organizationId()).scopes("agents:read"));
        get(reader, agent, "suite-a").statusCode(200);
        patch(reader, agent, "suite-a", Map.of("sheet_name", "x")).statusCode(403)
                .body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        AgentApi writer = AgentApi.as(TestTokens.forOrganization(owner.organizationId()).scopes("agents:write"));
        get(writer, agent, "suite-a").statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        get(owner, agent, "suite-a").statusCode(200).body("config", nullValue());
    }

    @Test
    void concurrentPatchesOfDifferentKeysAllLandInOneRecord() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("integration race");
        List<Map<String, Object>> bodies = List.of(Map.of("sync_leads", true), Map.of("sync_contacts", true),
                Map.of("create_opportunities", true), Map.of("default_lead_status", "Open"),
                Map.of("default_opportunity_stage", "Won"), Map.of("record_type_id", "r"), Map.of("owner_id", "o"));
        List<CompletableFuture<Integer>> patches = new ArrayList<>();
        for (Map<String, Object> body : bodies) {
            patches.add(CompletableFuture.supplyAsync(() -> patch(api, agent, "crm-b", body).extract().statusCode()));
        }
        patches.forEach(done -> assertEquals(200, done.join()));
        assertEquals(1, TestDatabase.query("SELECT 1 FROM agent_integrations WHERE agent_id = ?",
                UUID.fromString(agent)).size());
        get(api, agent, "crm-b").statusCode(200)
                .body("config.sync_leads", is(true))
                .body("config.sync_contacts", is(true))
                .body("config.create_opportunities", is(true))
                .body("config.default_lead_status", equalTo("Open"))
                .body("config.default_opportunity_stage", equalTo("Won"))
                .body("config.record_type_id", equalTo("r"))
                .body("config.owner_id", equalTo("o"));
    }

    @Test
    void aChangeMovesTheAgentsVersionAndEmitsAgentUpdatedNamingTheIntegration() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("integration version");
        patch(api, agent, "crm-a", Map.of("sync_calls", true)).statusCode(200);
        assertEquals(2, api.version(agent));
        patch(api, agent, "crm-a", Map.of()).statusCode(200);
        assertEquals(2, api.version(agent), "a patch that sends no key changes nothing");

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "agents.events")) {
            KafkaEvents.ReceivedEvent updated = events.await(
                    event -> KafkaEvents.ofType("agent.updated", agent).test(event)
                            && event.data().path("agent").path("version").asInt() == 2, Duration.ofSeconds(10));
            assertEquals("[\"integrations.crm-a\"]", updated.data().path("changed_fields").toString());
        }
        assertEquals(1, TestDatabase.query("SELECT id FROM outbox_event WHERE message_key = ? "
                + "AND event_type = 'agent.updated'", agent).size());
    }

    static ValidatableResponse get(AgentApi api, String agent, String integration) {
        return api.request().get("/agents/" + agent + "/integrations/" + integration).then();
    }

    static ValidatableResponse patch(AgentApi api, String agent, String integration, Map<String, ?> body) {
        return api.request().body(body).patch("/agents/" + agent + "/integrations/" + integration).then();
    }

    private static Set<String> keys(ValidatableResponse response) {
        return response.extract().jsonPath().<String, Object>getMap("$").keySet();
    }

    /** An external account connected in the dashboard through OAuth (the API cannot connect one). */
    private static void connect(UUID organizationId, String family, String column, String value) {
        TestDatabase.update("INSERT INTO integration_accounts (org_id, family, " + column + ") VALUES (?, ?, ?)",
                organizationId, family, value);
    }
}
