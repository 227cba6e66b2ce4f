package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.agents.agent.repository.AgentRepository;
import dev.voiceplatform.common.crypto.EncryptionKeys;
import dev.voiceplatform.common.crypto.SecretSealer;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The write-only credentials of the settings document (webhook.secret, vendor1ApiKey, tts4VoiceCloneKey) are kept
 * sealed in agents.secrets: the row read straight from PostgreSQL holds none of them in plain text, while the API
 * behaves as before.
 */
@QuarkusTest
class AgentSecretsAtRestTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PUBLIC_URL = "https://93.184.216.34/hooks/calls";

    @Inject
    SecretSealer sealer;

    @ConfigProperty(name = "platform.crypto.keys.previous")
    String previousKey;

    private final AgentApi api = AgentApi.newOrganization();
    private final ConfigApi config = new ConfigApi(api);

    @Test
    void savedCredentialsAreSealedInTheRowAndStillCountAsConfigured() {
        String id = api.createAgent("sealed");
        config.patch(id, Map.of("webhook", Map.of("enabled", true, "url", PUBLIC_URL, "secret", "whsec_plain-hook"),
                        "vendor1ApiKey", "cal-key-plain", "tts4VoiceCloneKey", "clone-key-plain"))
                .statusCode(200)
                .body("secrets_configured.'webhook.secret'", is(true))
                .body("secrets_configured.vendor1ApiKey", is(true))
                .body("secrets_configured.tts4VoiceCloneKey", is(true));

        String row = storedSecrets(id);
        for (String plain : new String[] {"whsec_plain-hook", "cal-key-plain", "clone-key-plain"}) {
            assertFalse(row.contains(plain), row);
        }
        JsonNode stored = read(row);
        assertEquals(3, stored.size(), row);
        stored.fields().forEachRemaining(field -> assertTrue(field.getValue().asText().startsWith("v1:test:"), row));
        assertEquals("whsec_plain-hook", open(id, "webhook.secret", stored));
        assertEquals("cal-key-plain", open(id, "vendor1ApiKey", stored));

        // A save that does not touch the credentials keeps them (sealed afresh, same secrets).
        config.patch(id, Map.of("agentTimezone", "Europe/Paris")).statusCode(200)
                .body("secrets_configured.vendor1ApiKey", is(true));
        JsonNode after = read(storedSecrets(id));
        assertEquals("clone-key-plain", open(id, "tts4VoiceCloneKey", after));
        assertEquals("whsec_plain-hook", open(id, "webhook.secret", after));
    }

    @Test
    void aCredentialStoredInPlainTextBeforeSealingStillReadsAndIsSealedByTheNextSave() {
        String id = api.createAgent("legacy");
        TestDatabase.update("UPDATE agents SET secrets = ?::jsonb WHERE id = ?",
                "{\"vendor1ApiKey\": \"legacy-cal-key\"}", UUID.fromString(id));
        config.get(id).statusCode(200).body("secrets_configured.vendor1ApiKey", is(true));

        config.patch(id, Map.of("agentTimezone", "Asia/Jerusalem")).statusCode(200)
                .body("secrets_configured.vendor1ApiKey", is(true));

        String row = storedSecrets(id);
        assertFalse(row.contains("legacy-cal-key"), row);
        assertEquals("legacy-cal-key", open(id, "vendor1ApiKey", read(row)));
    }

    @Test
    void aCredentialSealedUnderARetiredKeyStillOpensAndTheNextSaveResealsItUnderTheCurrentOne() {
        String id = api.createAgent("rotated");
        SecretSealer beforeRotation = new SecretSealer(EncryptionKeys.of(Map.of("previous", previousKey), "previous"));
        String sealedBefore = beforeRotation.seal("old-clone-key",
                AgentRepository.secretContext(api.organizationId(), "tts4VoiceCloneKey"));
        TestDatabase.update("UPDATE agents SET secrets = jsonb_build_object('tts4VoiceCloneKey', ?::text) WHERE id = ?",
                sealedBefore, UUID.fromString(id));
        config.get(id).statusCode(200).body("secrets_configured.tts4VoiceCloneKey", is(true));

        config.patch(id, Map.of("agentTimezone", "America/New_York")).statusCode(200);

        JsonNode stored = read(storedSecrets(id));
        assertTrue(stored.get("tts4VoiceCloneKey").asText().startsWith("v1:test:"), stored.toString());
        assertEquals("old-clone-key", open(id, "tts4VoiceCloneKey", stored));
    }

    @Test
    void aDuplicateCopiesTheSealedValuesAsTheyAre() {
        String source = api.createAgent("original");
        config.patch(source, Map.of("vendor1ApiKey", "copied-cal-key")).statusCode(200);

        String copy = api.duplicate(source).statusCode(201).extract().path("id");

        assertEquals(storedSecrets(source), storedSecrets(copy));
        config.get(copy).statusCode(200).body("secrets_configured.vendor1ApiKey", is(true));
        assertEquals("copied-cal-key", open(copy, "vendor1ApiKey", read(storedSecrets(copy))));
    }

    @Test
    void aSealedValueMovedToAnotherOrganizationsAgentDoesNotOpen() {
        String source = api.createAgent("victim");
        config.patch(source, Map.of("vendor1ApiKey", "victim-cal-key")).statusCode(200);
        AgentApi other = AgentApi.newOrganization();
        String target = other.createAgent("thief");

        TestDatabase.update("UPDATE agents SET secrets = (SELECT secrets FROM agents WHERE id = ?) WHERE id = ?",
                UUID.fromString(source), UUID.fromString(target));

        new ConfigApi(other).get(target).statusCode(500)
                .body("error.code", equalTo("INTERNAL_ERROR"))
                .body(not(containsString("victim-cal-key")));
    }

    private static String storedSecrets(String agentId) {
        return (String) TestDatabase.query("SELECT secrets::text AS secrets FROM agents WHERE id = ?",
                UUID.fromString(agentId)).get(0).get("secrets");
    }

    private String open(String agentId, String name, JsonNode stored) {
        UUID organizationId = (UUID) TestDatabase.query("SELECT org_id FROM agents WHERE id = ?",
                UUID.fromString(agentId)).get(0).get("org_id");
        return sealer.open(stored.get(name).asText(), AgentRepository.secretContext(organizationId, name));
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
