package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.anonymous;
import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;

import io.restassured.response.ValidatableResponse;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Part 5 and the 401 and 403 codes of part 7, with keys made through the admin API. */
class AuthenticationTest {

    private static final Duration SHORT_LIFE = Duration.ofSeconds(4);
    private static final String ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    @Test
    void noKeyIsMissingApiKey() {
        assertUnauthorized(anonymous().get("/me").then(), "MISSING_API_KEY");
    }

    @Test
    void aValueNotShapedLikeAKeyIsInvalidApiKeyFormat() {
        assertUnauthorized(withKey("not-a-key").get("/me").then(), "INVALID_API_KEY_FORMAT");
        assertUnauthorized(anonymous().header("X-API-Key", "svc_live_short").get("/me").then(),
                "INVALID_API_KEY_FORMAT");
    }

    @Test
    void aWellFormedKeyThatMatchesNothingIsInvalidApiKey() {
        assertUnauthorized(withKey(randomWellFormedKey()).get("/me").then(), "INVALID_API_KEY");
    }

    @Test
    void bothHeaderFormsAuthenticateTheSameKey() {
        String key = E2ePlatform.get().apiKey();
        String viaBearer = withKey(key).get("/me").then().statusCode(200).extract().path("key_id");
        anonymous().header("X-API-Key", key)
                .get("/me")
                .then().statusCode(200).body("key_id", equalTo(viaBearer));
    }

    @Test
    void aRevokedKeyIsRefusedOnTheNextRequest() {
        TestOrganization organization = TestOrganization.create("e2e-revoke");
        TestOrganization.Key key = organization.createKey(List.of("agents:read"));
        withKey(key.key()).get("/me").then().statusCode(200);

        TestOrganization.revoke(key);

        assertUnauthorized(withKey(key.key()).get("/me").then(), "API_KEY_REVOKED");
    }

    @Test
    void anAiClientsKeyAuthenticatesThroughToTheServicesAndIsRevokedLikeAnyKey() {
        TestOrganization organization = TestOrganization.create("e2e-ai-client");
        TestOrganization.Key key = organization.createAiClientKey("Claude Desktop", List.of("leads:read"));
        org.hamcrest.MatcherAssert.assertThat(key.key(), matchesPattern("svco_[A-Za-z0-9]{32}"));
        withKey(key.key()).get("/me").then().statusCode(200)
                .body("key_id", equalTo(key.id()))
                .body("key_name", equalTo("Claude Desktop"));
        withKey(key.key()).get("/leads").then().statusCode(200).body("pagination.total", equalTo(0));
        Gateway.admin().get("/admin/organizations/{id}/keys", organization.id()).then().statusCode(200)
                .body("data[0].origin", equalTo("ai_client"))
                .body("data[0].name", equalTo("Claude Desktop"));

        TestOrganization.revoke(key);

        assertUnauthorized(withKey(key.key()).get("/leads").then(), "API_KEY_REVOKED");
    }

    @Test
    void aKeyPastItsExpiryIsApiKeyExpired() throws InterruptedException {
        TestOrganization organization = TestOrganization.create("e2e-expired");
        // The admin API accepts only future expiries, so the key is made to expire a few seconds from now.
        Instant expiresAt = Instant.now().plus(SHORT_LIFE);
        TestOrganization.Key key = organization.createKey(List.of("agents:read"), expiresAt);
        withKey(key.key()).get("/me").then().statusCode(200);

        // The gateway runs as a process of its own on the real clock, which this test cannot move: it waits the key out.
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), expiresAt).toMillis()) + 500);

        assertUnauthorized(withKey(key.key()).get("/me").then(), "API_KEY_EXPIRED");
    }

    @Test
    void aMissingScopeIsInsufficientScopeNamingWhatIsNeededAndWhatIsHeld() {
        TestOrganization organization = TestOrganization.create("e2e-scope");
        String readOnly = organization.createKey(List.of("agents:read", "calls:read")).key();

        withKey(readOnly)
                .body(Map.of("name", "Not allowed", "prompt", "You are not created."))
                .post("/agents")
                .then().statusCode(403)
                .body("error.code", equalTo("INSUFFICIENT_SCOPE"))
                .body("error.details.required_scope", equalTo("agents:write"))
                .body("error.details.your_scopes", containsInAnyOrder("agents:read", "calls:read"));
        withKey(readOnly).get("/agents").then().statusCode(200);
    }

    private static void assertUnauthorized(ValidatableResponse response, String code) {
        response.statusCode(401)
                .header("Service-Version", matchesPattern("\\d{4}-\\d{2}-\\d{2}"))
                .body("error.code", equalTo(code))
                .body("error.message", not(emptyOrNullString()))
                .body("error.hint", not(emptyOrNullString()));
    }

    private static String randomWellFormedKey() {
        SecureRandom random = new SecureRandom();
        StringBuilder key = new StringBuilder("svc_live_");
        for (int i = 0; i < 32; i++) {
            key.append(ALPHANUMERIC.charAt(random.nextInt(ALPHANUMERIC.length())));
        }
        return key.toString();
    }
}
