package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.response.ValidatableResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An agent's calendar, integrations and share links through the gateway (parts 2.13, 2.14 and 4.2). Accounts and
 * calendar connections are made in the dashboard, which the platform does not include: the test writes them
 * into the agents service's database as the dashboard would.
 */
class AgentConnectionsTest {

    private static TestOrganization organization;
    private static String key;
    private static String agentId;

    @BeforeAll
    static void anOrganizationWithAnAgent() {
        organization = TestOrganization.create("e2e-connections");
        key = organization.fullKey();
        agentId = withKey(key)
                .body(Map.of("name", "Booking desk", "prompt", "You book appointments for a clinic."))
                .post("/agents")
                .then().statusCode(201)
                .extract().path("id");
    }

    @Test
    void calendarSettingsStartAsDefaultsAndKeepWhatIsPut() throws Exception {
        withKey(key).get("/agents/{id}/calendar", agentId).then().statusCode(200)
                .body("id", equalTo(""))
                .body("agentId", equalTo(agentId))
                .body("isEnabled", is(false))
                .body("timezone", equalTo("UTC"))
                .body("defaultDuration", equalTo(30))
                .body("bufferTime", equalTo(0));

        UUID connection = UUID.randomUUID();
        sql("INSERT INTO calendar_connections (id, org_id, provider, account_email) VALUES (?, ?, 'suite-a', ?)",
                connection, UUID.fromString(organization.id()), "clinic@example.com");
        withKey(key).body(Map.of("calendarConnectionId", connection.toString(), "isEnabled", true,
                        "timezone", "Asia/Jerusalem", "defaultDuration", 20, "bufferTime", 5))
                .put("/agents/{id}/calendar", agentId)
                .then().statusCode(200)
                .body("id", not(equalTo("")))
                .body("calendarConnectionId", equalTo(connection.toString()))
                .body("createdAt", notNullValue());
        withKey(key).body(Map.of("bufferTime", 10)).put("/agents/{id}/calendar", agentId).then().statusCode(200);
        withKey(key).get("/agents/{id}/calendar", agentId).then().statusCode(200)
                .body("isEnabled", is(true))
                .body("timezone", equalTo("Asia/Jerusalem"))
                .body("defaultDuration", equalTo(20))
                .body("bufferTime", equalTo(10))
                .body("calendarConnectionId", equalTo(connection.toString()));

        UUID foreign = UUID.randomUUID();
        sql("INSERT INTO calendar_connections (id, org_id, provider) VALUES (?, ?, 'suite-a')", foreign,
                UUID.randomUUID());
        withKey(key).body(Map.of("calendarConnectionId", foreign.toString())).put("/agents/{id}/calendar", agentId)
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("calendarConnectionId"));
        withKey(key).body(Map.of("timezone", "Nowhere/Town", "defaultDuration", 1000))
                .put("/agents/{id}/calendar", agentId)
                .then().statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"));
        withKey(key).body(Map.of("timeZone", "UTC")).put("/agents/{id}/calendar", agentId)
                .then().statusCode(400)
                .body("error.code", equalTo("UNKNOWN_FIELD"))
                .body("error.details.unknown", contains("timeZone"));
        withKey(key).body(Map.of("calendarConnectionId", "")).put("/agents/{id}/calendar", agentId)
                .then().statusCode(200).body("calendarConnectionId", nullValue()).body("bufferTime", equalTo(10));
    }

    @Test
    void integrationsShowTheirShapesAndChangeOnlyTheKeysSent() throws Exception {
        withKey(key).get("/agents/{id}/integrations/suite-a", agentId).then().statusCode(200)
                .body("config", nullValue())
                .body("connected", is(false));
        sql("INSERT INTO integration_accounts (org_id, family, suite_a_email) VALUES (?, 'suite-a', ?)",
                UUID.fromString(organization.id()), "clinic@example.com");
        withKey(key).body(Map.of("spreadsheet_id", "sheet-9", "enabled_tools", List.of("sheets")))
                .patch("/agents/{id}/integrations/suite-a", agentId)
                .then().statusCode(200)
                .body("connected", is(true))
                .body("suite_a_email", equalTo("clinic@example.com"))
                .body("config.spreadsheet_id", equalTo("sheet-9"))
                .body("config.sheet_name", nullValue());

        withKey(key).get("/agents/{id}/integrations/suite-a-calendar", agentId).then().statusCode(200)
                .body("calendar_id", equalTo("primary"))
                .body("enabled", is(false));
        withKey(key).body(Map.of("calendar_enabled", true)).patch("/agents/{id}/integrations/suite-a-calendar", agentId)
                .then().statusCode(200).body("enabled", is(true)).body("default_duration", equalTo(30));
        withKey(key).body(Map.of("mail_signature", "The clinic", "require_confirmation", false))
                .patch("/agents/{id}/integrations/suite-a-mail", agentId)
                .then().statusCode(200)
                .body("signature", equalTo("The clinic"))
                .body("require_confirmation", is(false))
                .body("enabled", is(false));

        withKey(key).body(Map.of("sync_contacts", "yes")).patch("/agents/{id}/integrations/crm-a", agentId)
                .then().statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"));
        withKey(key).body(Map.of("sync_leads", true)).patch("/agents/{id}/integrations/crm-a", agentId)
                .then().statusCode(400)
                .body("error.code", equalTo("UNKNOWN_FIELD"))
                .body("error.details.unknown", contains("sync_leads"));
        withKey(key).body(Map.of("sync_leads", true)).patch("/agents/{id}/integrations/crm-b", agentId)
                .then().statusCode(200).body("connected", is(false)).body("config.sync_leads", is(true));
        withKey(key).get("/agents/{id}/integrations/crm-z", agentId)
                .then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void aShareLinkIsSignedWithThePlatformsSecretAndWarnsWhileTheAgentIsUnpublished() throws Exception {
        ValidatableResponse unpublished = withKey(key).body(Map.of("ttl", 3600))
                .post("/agents/{id}/share-link", agentId)
                .then().statusCode(200)
                .body("agentName", equalTo("Booking desk"))
                .body("token", matchesPattern("shr_" + agentId + "_[0-9]+_[0-9a-f]{64}"))
                .body("warning", notNullValue());
        String token = unpublished.extract().path("token");
        assertEquals("https://app.voiceplatform.dev/talk/" + agentId + "?t=" + token, unpublished.extract().path("url"));
        String[] parts = token.split("_");
        String secret = Files.readString(E2ePlatform.get().stateFile("keys/share-secret")).trim();
        assertTrue(secret.length() >= 32, "./platform up generates a long share secret");
        assertEquals(hmacHex(secret, "share-link:v1:" + agentId + ":" + parts[2]), parts[3]);
        long expiry = Long.parseLong(parts[2]);
        assertTrue(Math.abs(expiry - Instant.now().plusSeconds(3600).getEpochSecond()) < 120);
        assertEquals(expiry, Instant.parse(unpublished.extract().path("expiresAt")).getEpochSecond());

        withKey(key).post("/agents/{id}/publish", agentId).then().statusCode(200);
        String capped = withKey(key).body(Map.of("ttl", 99_999_999)).post("/agents/{id}/share-link", agentId)
                .then().statusCode(200).body("warning", nullValue()).extract().path("expiresAt");
        assertTrue(Math.abs(Instant.parse(capped).getEpochSecond()
                - Instant.now().plusSeconds(2_592_000).getEpochSecond()) < 120);
        withKey(key).body(Map.of("ttl", -1)).post("/agents/{id}/share-link", agentId)
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("ttl"));
    }

    @Test
    void otherOrganizationsResellersAndNarrowKeysAreRefused() {
        String other = TestOrganization.create("e2e-connections-other").fullKey();
        withKey(other).get("/agents/{id}/calendar", agentId).then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        withKey(other).body(Map.of("sync_calls", true)).patch("/agents/{id}/integrations/crm-a", agentId)
                .then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        withKey(other).post("/agents/{id}/share-link", agentId).then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));

        String reseller = TestOrganization.create("e2e-connections-reseller", "reseller")
                .createKey(List.of("agents:read", "agents:write")).key();
        withKey(reseller).get("/agents/{id}/calendar", agentId).then().statusCode(403)
                .body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        withKey(reseller).get("/agents/{id}/integrations/suite-a", agentId).then().statusCode(403)
                .body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        withKey(reseller).post("/agents/{id}/share-link", agentId).then().statusCode(403)
                .body("error.code", equalTo("ORGANIZATION_REQUIRED"));

        String reader = organization.createKey(List.of("agents:read")).key();
        withKey(reader).get("/agents/{id}/calendar", agentId).then().statusCode(200);
        withKey(reader).body(Map.of("isEnabled", false)).put("/agents/{id}/calendar", agentId)
                .then().statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        withKey(reader).post("/agents/{id}/share-link", agentId)
                .then().statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
    }

    private static void sql(String statement, Object... parameters) throws Exception {
        try (Connection connection = E2ePlatform.get().connectToDatabase("agents");
                PreparedStatement prepared = connection.prepareStatement(statement)) {
            for (int i = 0; i < parameters.length; i++) {
                prepared.setObject(i + 1, parameters[i]);
            }
            assertEquals(1, prepared.executeUpdate());
        }
    }

    private static String hmacHex(String secret, String message) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
    }
}
