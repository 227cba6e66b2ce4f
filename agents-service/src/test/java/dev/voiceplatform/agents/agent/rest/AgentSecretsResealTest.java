package dev.voiceplatform.agents.agent.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.agents.agent.repository.AgentRepository;
import dev.voiceplatform.agents.agent.service.SecretsResealer;
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
 * After a rotation (or the upgrade that introduced sealing) the re-sealing pass brings every stored credential under
 * the current key without moving any agent's version, so the retired key can then be removed.
 */
@QuarkusTest
class AgentSecretsResealTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    SecretsResealer resealer;

    @Inject
    SecretSealer sealer;

    @ConfigProperty(name = "platform.crypto.keys.previous")
    String previousKey;

    private final AgentApi api = AgentApi.newOrganization();

    @Test
    void plainAndRetiredKeyValuesAreResealedUnderTheCurrentKeyAndTheRestIsLeftAlone() throws Exception {
        UUID organization = api.organizationId();
        String plain = api.createAgent("plain");
        TestDatabase.update("UPDATE agents SET secrets = ?::jsonb WHERE id = ?",
                "{\"vendor1ApiKey\": \"plain-cal-key\"}", UUID.fromString(plain));
        String retired = api.createAgent("retired");
        String sealedUnderPrevious = new SecretSealer(EncryptionKeys.of(Map.of("previous", previousKey), "previous"))
                .seal("whsec_previous", AgentRepository.secretContext(organization, "webhook.secret"));
        TestDatabase.update("UPDATE agents SET secrets = jsonb_build_object('webhook.secret', ?::text) WHERE id = ?",
                sealedUnderPrevious, UUID.fromString(retired));
        String current = api.createAgent("current");
        new ConfigApi(api).patch(current, Map.of("tts4VoiceCloneKey", "current-clone-key")).statusCode(200);
        String currentBefore = stored(current);
        String unopenable = api.createAgent("unopenable");
        String sealedUnderGoneKey = sealedUnderPrevious.replace("v1:previous:", "v1:gone:");
        TestDatabase.update("UPDATE agents SET secrets = jsonb_build_object('webhook.secret', ?::text) WHERE id = ?",
                sealedUnderGoneKey, UUID.fromString(unopenable));
        int plainVersion = api.version(plain);
        int retiredVersion = api.version(retired);

        int resealed = resealer.resealAll().await().indefinitely();

        assertTrue(resealed >= 2, "resealed " + resealed);
        JsonNode plainNow = JSON.readTree(stored(plain));
        assertFalse(plainNow.toString().contains("plain-cal-key"), plainNow.toString());
        assertEquals("plain-cal-key", open(organization, "vendor1ApiKey", plainNow));
        JsonNode retiredNow = JSON.readTree(stored(retired));
        assertTrue(retiredNow.get("webhook.secret").asText().startsWith("v1:test:"), retiredNow.toString());
        assertEquals("whsec_previous", open(organization, "webhook.secret", retiredNow));
        assertEquals(plainVersion, api.version(plain));
        assertEquals(retiredVersion, api.version(retired));
        assertEquals(currentBefore, stored(current), "already under the current key: not rewritten");
        assertEquals(sealedUnderGoneKey, JSON.readTree(stored(unopenable)).get("webhook.secret").asText(),
                "a value whose key is gone is left for an operator, not lost");

        assertEquals(0, resealer.resealAll().await().indefinitely(), "a second pass finds nothing it can re-seal");
    }

    private static String stored(String agentId) {
        return (String) TestDatabase.query("SELECT secrets::text AS secrets FROM agents WHERE id = ?",
                UUID.fromString(agentId)).get(0).get("secrets");
    }

    private String open(UUID organization, String name, JsonNode stored) {
        return sealer.open(stored.get(name).asText(), AgentRepository.secretContext(organization, name));
    }
}
