package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The agent settings document through the gateway (part 2.4, GET and PATCH /agents/:id/config) and the per-agent
 * webhook block of part 2.10 through /config, agent create and agent update.
 */
class AgentSettingsTest {

    private static final String PUBLIC_URL = "https://93.184.216.34/hooks/calls";

    @Test
    void theSettingsDocumentReadsAndChangesTheAgent() {
        String key = TestOrganization.create("e2e-settings").fullKey();
        String id = withKey(key).body(Map.of("name", "Bakery", "prompt", "You take bread orders."))
                .post("/agents").then().statusCode(201).extract().path("id");

        Map<String, Object> config = withKey(key).get("/agents/{id}/config", id).then().statusCode(200)
                .header("ETag", equalTo("\"1\""))
                .body("id", equalTo(id))
                .body("status", equalTo("inactive"))
                .body("version", equalTo(1))
                .body("config.name", equalTo("Bakery"))
                .body("config.temperature", nullValue())
                .body("config.phoneNumber", nullValue())
                .body("secrets_configured.vendor1ApiKey", is(false))
                .extract().path("config");
        assertEquals(135, config.size());
        assertTrue(config.containsKey("engineLiveVerbosity") && config.containsKey("webhook"));

        // The whole document read back with changes: the version moves once.
        config.put("greeting", "Good morning, bakery!");
        config.put("agentTimezone", "Asia/Jerusalem");
        config.put("vendor1ApiKey", "cal-secret-e2e");
        config.put("businessContext", "");
        withKey(key).header("If-Match", "1").body(config).patch("/agents/{id}/config", id).then().statusCode(200)
                .header("ETag", equalTo("\"2\""))
                .body("version", equalTo(2))
                .body("config.greeting", equalTo("Good morning, bakery!"))
                .body("config.agentTimezone", equalTo("Asia/Jerusalem"))
                .body("config.vendor1ApiKey", nullValue())
                .body("secrets_configured.vendor1ApiKey", is(true));
        // The agent object reads the same greeting: one source of truth.
        withKey(key).body(Map.of()).patch("/agents/{id}", id).then().statusCode(200)
                .body("greeting", equalTo("Good morning, bakery!")).body("version", equalTo(2));
        withKey(key).body(Map.of("name", "Bakery on Herzl")).patch("/agents/{id}", id).then().statusCode(200)
                .body("version", equalTo(3));
        String raw = withKey(key).get("/agents/{id}/config", id).then().statusCode(200)
                .body("config.name", equalTo("Bakery on Herzl")).body("version", equalTo(3))
                .extract().asString();
        assertFalse(raw.contains("cal-secret-e2e"), raw);

        withKey(key).header("If-Match", "2").body(Map.of("temperature", 0.7)).patch("/agents/{id}/config", id)
                .then().statusCode(412).body("error.code", equalTo("VERSION_CONFLICT"))
                .body("error.details.current_version", equalTo(3));
        withKey(key).body(Map.of("favouriteColour", "red")).patch("/agents/{id}/config", id).then().statusCode(400)
                .body("error.code", equalTo("UNKNOWN_FIELD")).body("error.details.unknown", contains("favouriteColour"));
        withKey(key).body(Map.of("status", "active")).patch("/agents/{id}/config", id).then().statusCode(400)
                .body("error.code", equalTo("READ_ONLY_FIELD"));
        withKey(key).body(Map.of("voicemailGreetingTimeout", 11)).patch("/agents/{id}/config", id).then()
                .statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("voicemailGreetingTimeout"));
        withKey(key).body(Map.of("transferPhoneNumber", "+19002345678")).patch("/agents/{id}/config", id).then()
                .statusCode(403).body("error.code", equalTo("FORBIDDEN"));
        withKey(key).body(Map.of("businessContext", "Sourdough since 1990")).patch("/agents/{id}/config", id)
                .then().statusCode(200).body("version", equalTo(4));
        withKey(key).body(Map.of("businessContext", "")).patch("/agents/{id}/config", id).then().statusCode(200)
                .body("version", equalTo(4))
                .body("ignored_empty_fields", contains("businessContext"));
    }

    @Test
    void theWebhookBlockThroughSettingsCreateAndUpdate() {
        String key = TestOrganization.create("e2e-webhook").fullKey();
        withKey(key).body(Map.of("name", "Hooked", "prompt", "p", "webhook", Map.of("url", "http://10.1.2.3/h",
                        "secret", "signing-secret")))
                .post("/agents").then().statusCode(400).body("error.code", equalTo("INVALID_WEBHOOK_CONFIG"));
        String id = withKey(key).body(Map.of("name", "Hooked", "prompt", "p",
                        "webhook", Map.of("url", PUBLIC_URL, "secret", "signing-secret")))
                .post("/agents").then().statusCode(201).extract().path("id");
        withKey(key).get("/agents/{id}/config", id).then().statusCode(200)
                .body("config.webhook.enabled", is(true))
                .body("config.webhook.url", equalTo(PUBLIC_URL))
                .body("config.webhook.secret", nullValue())
                .body("config.webhook.events", contains("call_start", "call_end"))
                .body("config.webhook.timeout_ms", equalTo(5000))
                .body("secrets_configured.'webhook.secret'", is(true));

        withKey(key).body(Map.of("webhook", Map.of("url", PUBLIC_URL, "events", List.of())))
                .patch("/agents/{id}", id).then().statusCode(400)
                .body("error.code", equalTo("INVALID_WEBHOOK_CONFIG"));
        withKey(key).body(Map.of("webhook", Map.of("url", "http://169.254.169.254/latest")))
                .patch("/agents/{id}/config", id).then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("webhook.url"));
        withKey(key).body(Map.of("webhook", Map.of("url", PUBLIC_URL, "events", List.of("call_end"),
                        "timeout_ms", 8000)))
                .patch("/agents/{id}", id).then().statusCode(200).body("version", equalTo(2));
        withKey(key).get("/agents/{id}/config", id).then().statusCode(200)
                .body("config.webhook.events", contains("call_end"))
                .body("config.webhook.timeout_ms", equalTo(8000))
                .body("secrets_configured.'webhook.secret'", is(true));
    }

    @Test
    void settingsNeedAnOrganizationKeyAndStayInsideTheOrganization() {
        String key = TestOrganization.create("e2e-settings-owner").fullKey();
        String id = withKey(key).body(Map.of("name", "Private", "prompt", "p"))
                .post("/agents").then().statusCode(201).extract().path("id");
        String stranger = TestOrganization.create("e2e-settings-stranger").fullKey();
        withKey(stranger).get("/agents/{id}/config", id).then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        withKey(stranger).body(Map.of("temperature", 1)).patch("/agents/{id}/config", id).then().statusCode(404);
        String reseller = TestOrganization.create("e2e-settings-reseller", "reseller")
                .createKey(List.of("agents:read", "agents:write")).key();
        withKey(reseller).get("/agents/{id}/config", id).then().statusCode(403)
                .body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        withKey(key).get("/agents/{id}/config", "not-an-id").then().statusCode(404);
        withKey(key).get("/agents/{id}/config", id).then().statusCode(200).body("version", equalTo(1));
    }
}
