package dev.voiceplatform.gateway.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ApiKeySecretsTest {

    @Test
    void generatedKeysAreWellFormedAndDistinct() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String key = ApiKeySecrets.generate(KeyOrigin.API);
            assertTrue(key.matches("svc_live_[A-Za-z0-9]{32}"), key);
            assertTrue(ApiKeySecrets.wellFormed(key));
            seen.add(key);
        }
        assertEquals(1000, seen.size());
    }

    @Test
    void anAiClientsKeyIsTheSvcoPrefixAndThirtyTwoAlphanumerics() {
        String key = ApiKeySecrets.generate(KeyOrigin.AI_CLIENT);
        assertTrue(key.matches("svco_[A-Za-z0-9]{32}"), key);
        assertTrue(ApiKeySecrets.wellFormed(key));
        assertEquals(KeyOrigin.AI_CLIENT, KeyOrigin.of(ApiKeySecrets.displayPrefix(key)));
        assertEquals(KeyOrigin.API, KeyOrigin.of(ApiKeySecrets.displayPrefix(ApiKeySecrets.generate(KeyOrigin.API))));
        assertFalse(ApiKeySecrets.wellFormed("svco_" + "aZ09".repeat(8) + "a"));
        assertFalse(ApiKeySecrets.wellFormed("svco_" + "aZ09".repeat(7)));
        assertFalse(ApiKeySecrets.wellFormed("svco_live_" + "aZ09".repeat(8)));
    }

    @Test
    void theFormatIsExactlyThePrefixAndThirtyTwoAlphanumerics() {
        assertTrue(ApiKeySecrets.wellFormed("svc_live_" + "aZ09".repeat(8)));
        assertFalse(ApiKeySecrets.wellFormed("svc_live_" + "aZ09".repeat(8) + "a"));
        assertFalse(ApiKeySecrets.wellFormed("svc_live_" + "aZ0_".repeat(8)));
        assertFalse(ApiKeySecrets.wellFormed("svc_test_" + "aZ09".repeat(8)));
        assertFalse(ApiKeySecrets.wellFormed("SVC_LIVE_" + "aZ09".repeat(8)));
        assertFalse(ApiKeySecrets.wellFormed(null));
    }

    @Test
    void theHashIsHexSha256() {
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", ApiKeySecrets.hash(""));
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", ApiKeySecrets.hash("abc"));
    }

    @Test
    void theDisplayPrefixIsTheFirstTwelveCharacters() {
        assertEquals("svc_live_aZ0", ApiKeySecrets.displayPrefix("svc_live_" + "aZ09".repeat(8)));
    }

    @Test
    void theScopeTableHasTheFourteenScopesOfTheSpecification() {
        assertEquals(14, Scope.values().length);
        assertTrue(Scope.fromWire("webhooks:manage").isPresent());
        assertFalse(Scope.fromWire("webhooks:write").isPresent());
        assertFalse(Scope.fromWire("analytics:read").isPresent());
        assertFalse(Scope.fromWire("*").isPresent());
    }
}
