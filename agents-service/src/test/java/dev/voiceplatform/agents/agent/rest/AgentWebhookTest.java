package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.voiceplatform.agents.settings.service.NamedHostsResolver;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The per-agent webhook block of part 2.10: through /config a refusal is 400 VALIDATION_ERROR, through agent
 * create and update 400 INVALID_WEBHOOK_CONFIG.
 */
@QuarkusTest
@TestProfile(AgentWebhookTest.DeploymentAllowlist.class)
class AgentWebhookTest {

    /**
     * The guard's allowlist as a deployment has it, whatever other tests of the module open (a receiver on
     * loopback): one documentation address that no refused URL below uses.
     */
    public static class DeploymentAllowlist implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("platform.outbound.allow-cidrs", "192.0.2.1/32");
        }
    }

    private static final String PUBLIC_URL = "https://93.184.216.34/hooks/calls";

    private final AgentApi api = AgentApi.newOrganization();
    private final ConfigApi config = new ConfigApi(api);

    @Test
    void aValidBlockIsSavedWithDefaultsAndItsSecretIsNeverReadBack() {
        String id = api.createAgent("hooked");
        config.patch(id, Map.of("webhook", Map.of("enabled", true, "url", PUBLIC_URL, "secret", "whsec-123456")))
                .statusCode(200)
                .body("version", equalTo(2))
                .body("config.webhook.enabled", is(true))
                .body("config.webhook.url", equalTo(PUBLIC_URL))
                .body("config.webhook.secret", nullValue())
                .body("config.webhook.events", contains("call_start", "call_end"))
                .body("config.webhook.timeout_ms", equalTo(5000))
                .body("secrets_configured.'webhook.secret'", is(true));
        // Replaced whole: events and timeout as sent now; the stored secret satisfies an enabled block.
        config.patch(id, Map.of("webhook", Map.of("enabled", true, "url", PUBLIC_URL, "events", List.of("call_end"),
                        "timeout_ms", 12000)))
                .statusCode(200)
                .body("version", equalTo(3))
                .body("config.webhook.events", contains("call_end"))
                .body("config.webhook.timeout_ms", equalTo(12000))
                .body("secrets_configured.'webhook.secret'", is(true));
        String raw = config.get(id).statusCode(200).extract().asString();
        assertFalse(raw.contains("whsec-123456"), raw);
        config.patch(id, Map.of("webhook", Map.of("enabled", false))).statusCode(200)
                .body("config.webhook.enabled", is(false))
                .body("config.webhook.url", nullValue())
                .body("secrets_configured.'webhook.secret'", is(true));
        Map<String, Object> removed = new HashMap<>();
        removed.put("webhook", null);
        config.patch(id, removed).statusCode(200)
                .body("config.webhook", nullValue())
                .body("secrets_configured.'webhook.secret'", is(false));
    }

    @Test
    void anEnabledBlockNeedsAUrlASecretAndEventsThroughTheSettings() {
        String id = api.createAgent("refused");
        config.patch(id, Map.of("webhook", Map.of("enabled", true, "url", PUBLIC_URL))).statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("webhook.secret"));
        config.patch(id, Map.of("webhook", Map.of("enabled", true, "secret", "s"))).statusCode(400)
                .body("error.fields.field", contains("webhook.url"));
        config.patch(id, Map.of("webhook", block(PUBLIC_URL, "events", List.of()))).statusCode(400)
                .body("error.fields.field", contains("webhook.events"));
        config.patch(id, Map.of("webhook", block(PUBLIC_URL, "events", List.of("call_start", "lead_created"))))
                .statusCode(400).body("error.fields.field", contains("webhook.events"));
        config.patch(id, Map.of("webhook", block(PUBLIC_URL, "timeout_ms", 999))).statusCode(400)
                .body("error.fields.field", contains("webhook.timeout_ms"));
        config.patch(id, Map.of("webhook", block(PUBLIC_URL, "timeout_ms", 30001))).statusCode(400);
        config.patch(id, Map.of("webhook", block(PUBLIC_URL, "headers", Map.of()))).statusCode(400)
                .body("error.fields.field", contains("webhook.headers"));
        config.patch(id, Map.of("webhook", "https://example.com")).statusCode(400)
                .body("error.fields.field", contains("webhook"));
        config.get(id).statusCode(200).body("version", equalTo(1)).body("config.webhook", nullValue());
    }

    @Test
    void privateLoopbackAndInternalUrlsAreRefused() {
        String id = api.createAgent("private");
        for (String url : List.of("http://127.0.0.1:8080/hook", "http://localhost/hook", "http://10.0.0.7/hook",
                "http://169.254.169.254/latest/meta-data", "http://[::1]/hook", "http://0x7f000001/hook",
                "ftp://93.184.216.34/hook", "https://user:pw@93.184.216.34/hook",
                "https://" + NamedHostsResolver.NAME_OF_PRIVATE_ADDRESS + "/hook")) {
            config.patch(id, Map.of("webhook", block(url))).statusCode(400)
                    .body("error.code", equalTo("VALIDATION_ERROR"))
                    .body("error.fields.field", contains("webhook.url"));
            api.patch(id, Map.of("webhook", block(url))).statusCode(400)
                    .body("error.code", equalTo("INVALID_WEBHOOK_CONFIG"))
                    .body("error.details.fields.field", contains("webhook.url"));
        }
        config.get(id).statusCode(200).body("version", equalTo(1));
        config.patch(id, Map.of("webhook", block("https://" + NamedHostsResolver.NAME_OF_PUBLIC_ADDRESS + "/h")))
                .statusCode(200);
    }

    @Test
    void theGuardsAllowlistOpensAnAddressItWouldOtherwiseRefuse() {
        String id = api.createAgent("allowlisted");
        config.patch(id, Map.of("webhook", block("https://192.0.2.1/hook"))).statusCode(200)
                .body("config.webhook.url", equalTo("https://192.0.2.1/hook"));
        config.patch(id, Map.of("webhook", block("https://192.0.2.2/hook"))).statusCode(400)
                .body("error.fields.field", contains("webhook.url"));
    }

    @Test
    void aNameThatDoesNotResolveYetIsSavedSinceEveryDeliveryChecksAgain() {
        String id = api.createAgent("unresolved");
        config.patch(id, Map.of("webhook", block("https://not-yet.resolver.test/hook"))).statusCode(200)
                .body("config.webhook.url", equalTo("https://not-yet.resolver.test/hook"));
    }

    @Test
    void theAgentUpdateTakesTheBlockAndAnswersInvalidWebhookConfig() {
        String id = api.createAgent("update");
        api.patch(id, Map.of("webhook", Map.of("enabled", true, "url", PUBLIC_URL))).statusCode(400)
                .body("error.code", equalTo("INVALID_WEBHOOK_CONFIG"))
                .body("error.details.fields.field", contains("webhook.secret"));
        api.patch(id, Map.of("webhook", block(PUBLIC_URL, "events", List.of()))).statusCode(400)
                .body("error.code", equalTo("INVALID_WEBHOOK_CONFIG"));
        api.patch(id, Map.of("webhook", Map.of("enabled", true, "secret", "s"))).statusCode(400)
                .body("error.code", equalTo("INVALID_WEBHOOK_CONFIG"));
        api.get(id).statusCode(200).header("ETag", equalTo("\"1\""));
        api.patch(id, Map.of("name", "update", "webhook", block(PUBLIC_URL))).statusCode(200)
                .body("version", equalTo(2));
        api.patch(id, Map.of("webhook", block(PUBLIC_URL))).statusCode(200).body("version", equalTo(2));
        config.get(id).statusCode(200)
                .body("config.webhook.url", equalTo(PUBLIC_URL))
                .body("config.webhook.secret", nullValue())
                .body("secrets_configured.'webhook.secret'", is(true));
        // The stored secret satisfies an enabled block sent without one.
        api.patch(id, Map.of("webhook", Map.of("url", PUBLIC_URL, "events", List.of("call_start")))).statusCode(200)
                .body("version", equalTo(3));
        config.get(id).statusCode(200).body("config.webhook.events", contains("call_start"));

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "agents.events")) {
            KafkaEvents.ReceivedEvent hooked = events.await(
                    event -> KafkaEvents.ofType("agent.updated", id).test(event)
                            && event.data().path("agent").path("version").asInt() == 2, Duration.ofSeconds(30));
            // The name sent was the stored one: only the block and its secret (by name) changed.
            assertEquals("[\"webhook\",\"webhook.secret\"]", hooked.data().path("changed_fields").toString());
            assertFalse(hooked.envelope().toString().contains("signing-secret-1"), hooked.envelope().toString());
        }
    }

    @Test
    void theAgentCreateTakesTheBlockAndCreatesNothingWhenItIsInvalid() {
        AgentApi fresh = AgentApi.newOrganization();
        fresh.create(Map.of("name", "n", "prompt", "p", "webhook", Map.of("url", PUBLIC_URL))).statusCode(400)
                .body("error.code", equalTo("INVALID_WEBHOOK_CONFIG"))
                .body("error.details.fields.field", contains("webhook.secret"));
        fresh.create(Map.of("name", "n", "prompt", "p", "webhook", block("http://192.168.1.10/hook")))
                .statusCode(400).body("error.code", equalTo("INVALID_WEBHOOK_CONFIG"));
        fresh.request().get("/agents").then().statusCode(200).body("pagination.total", equalTo(0));
        String id = fresh.create(Map.of("name", "n", "prompt", "p", "webhook", block(PUBLIC_URL)))
                .statusCode(201).body("version", equalTo(1)).extract().path("id");
        new ConfigApi(fresh).get(id).statusCode(200)
                .body("config.webhook.url", equalTo(PUBLIC_URL))
                .body("config.webhook.events", contains("call_start", "call_end"))
                .body("secrets_configured.'webhook.secret'", is(true));
    }

    private static Map<String, Object> block(String url, Object... more) {
        Map<String, Object> block = new LinkedHashMap<>();
        block.put("enabled", true);
        block.put("url", url);
        block.put("secret", "signing-secret-1");
        for (int i = 0; i < more.length; i += 2) {
            block.put((String) more[i], more[i + 1]);
        }
        return block;
    }
}
