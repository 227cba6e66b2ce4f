package dev.voiceplatform.gateway.keys;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** Keys remembered between requests, and every way a change in the database ends what is remembered. */
@QuarkusTest
class CredentialCacheTest {

    @Inject
    CredentialCache cache;

    private static ValidatableResponse me(String key) {
        return given().header("Authorization", "Bearer " + key).header("Service-Version", "2026-08-06")
                .get("/v1/me").then();
    }

    @Test
    void aKeyLookedUpOnceIsRemembered() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        me(key.key()).statusCode(200);
        KeyCredential remembered = cache.find(ApiKeySecrets.hash(key.key()));
        assertNotNull(remembered);
        assertEquals(key.id(), remembered.key().id().toString());
    }

    @Test
    void aRevocationThroughTheAdminApiHoldsFromTheNextRequest() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        me(key.key()).statusCode(200);
        Admin.revoke(key.id());
        me(key.key()).statusCode(401).body("error.code", equalTo("API_KEY_REVOKED"));
    }

    @Test
    void anOrganizationChangeThroughTheAdminApiHoldsFromTheNextRequest() {
        String organizationId = Admin.createOrganization("starter");
        Admin.Key key = Admin.createKey(organizationId, "agents:read");
        me(key.key()).statusCode(200).body("rate_limit_tier", equalTo("standard"));
        Admin.admin().body("{\"plan\":\"pro\"}").patch("/admin/organizations/{id}", organizationId)
                .then().statusCode(200);
        me(key.key()).statusCode(200).body("rate_limit_tier", equalTo("premium"));
    }

    @Test
    void aKeyChangedInTheDatabaseByAnyOtherMeansIsForgottenWhenTheDatabaseTellsTheGateway() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        me(key.key()).statusCode(200);
        String hash = ApiKeySecrets.hash(key.key());
        assertNotNull(cache.find(hash));
        // Another replica, or an operator by hand: this gateway hears of it only through the database's notice.
        TestDatabase.update("UPDATE api_keys SET revoked_at = now() WHERE id = ?::uuid", key.id());
        Eventually.check(() -> assertNull(cache.find(hash), "the change notice reached the gateway"));
        me(key.key()).statusCode(401).body("error.code", equalTo("API_KEY_REVOKED"));
    }

    @Test
    void aLookupThatBeganBeforeAChangeIsNotRemembered() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        me(key.key()).statusCode(200);
        String hash = ApiKeySecrets.hash(key.key());
        KeyCredential read = cache.find(hash);
        long before = cache.generation();
        cache.forgetAll();
        cache.remember(hash, read, before);
        assertNull(cache.find(hash));
        cache.remember(hash, read, cache.generation());
        assertNotNull(cache.find(hash));
    }
}
