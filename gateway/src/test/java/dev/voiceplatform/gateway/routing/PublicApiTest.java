package dev.voiceplatform.gateway.routing;

import static dev.voiceplatform.gateway.support.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.testing.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Versions, keys, routes and scopes of the public path, and the gateway's own /me. */
@QuarkusTest
class PublicApiTest {

    private static final String OLDEST = "2026-01-01";
    private static final String CURRENT = "2026-08-06";
    private static final String UNKNOWN_KEY = "svc_live_" + "A1b2C3d4".repeat(4);

    @Inject
    TestClock clock;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private static RequestSpecification bearer(String key) {
        return given().header("Authorization", "Bearer " + key);
    }

    private static RequestSpecification apiKey(String key) {
        return given().header("X-API-Key", key);
    }

    @Test
    void aRequestWithoutVersionIsPinnedToTheOldest() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        bearer(key.key()).get("/v1/me")
                .then().statusCode(200)
                .header("Service-Version", OLDEST);
    }

    @ParameterizedTest
    @ValueSource(strings = { OLDEST, CURRENT })
    void aServedVersionIsEchoed(String version) {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        bearer(key.key()).header("Service-Version", version).get("/v1/me")
                .then().statusCode(200)
                .header("Service-Version", version);
    }

    @ParameterizedTest
    @ValueSource(strings = { "latest", "2026-13-01", "2026-02-30", "20260806", "2026-8-6", "" })
    void aVersionThatIsNotADateIsRefusedBeforeTheKeyIsChecked(String version) {
        // Nothing was pinned, so the answer takes the oldest version's flat error form.
        given().header("Service-Version", version).get("/v1/me")
                .then().statusCode(400)
                .header("Service-Version", OLDEST)
                .body("code", equalTo("INVALID_API_VERSION"))
                .body("error", notNullValue())
                .body("details.supported_versions", contains(OLDEST, CURRENT));
    }

    @Test
    void aDateThatIsNotServedIsRefusedWithTheServedList() {
        given().header("Service-Version", "2026-05-01").get("/v1/agents")
                .then().statusCode(400)
                .header("Service-Version", OLDEST)
                .body("code", equalTo("UNSUPPORTED_API_VERSION"))
                .body("details.supported_versions", contains(OLDEST, CURRENT));
    }

    @Test
    void noKeyIsMissingApiKey() {
        given().header("Service-Version", CURRENT).get("/v1/me")
                .then().statusCode(401)
                .header("Service-Version", CURRENT)
                .body("error.code", equalTo("MISSING_API_KEY"))
                .body("error.message", notNullValue())
                .body("error.hint", notNullValue());
        apiKey(" ").get("/v1/me")
                .then().statusCode(401)
                .header("Service-Version", OLDEST)
                .body("code", equalTo("MISSING_API_KEY"));
    }

    @ParameterizedTest
    @ValueSource(strings = { "svc_live_short", "svc_test_A1b2C3d4A1b2C3d4A1b2C3d4A1b2C3d4",
            "svc_live_A1b2C3d4A1b2C3d4A1b2C3d4A1b2C3d4x", "svc_live_A1b2C3d4-1b2C3d4A1b2C3d4A1b2C3d4", "garbage" })
    void aValueNotShapedLikeAKeyIsInvalidFormatInBothHeaders(String value) {
        bearer(value).get("/v1/me")
                .then().statusCode(401)
                .header("Service-Version", OLDEST)
                .body("code", equalTo("INVALID_API_KEY_FORMAT"));
        apiKey(value).header("Service-Version", CURRENT).get("/v1/me")
                .then().statusCode(401)
                .body("error.code", equalTo("INVALID_API_KEY_FORMAT"));
    }

    @Test
    void anAuthorizationHeaderOfAnotherSchemeIsInvalidFormat() {
        given().header("Authorization", "Basic " + UNKNOWN_KEY).header("Service-Version", CURRENT).get("/v1/me")
                .then().statusCode(401)
                .body("error.code", equalTo("INVALID_API_KEY_FORMAT"));
        given().header("Authorization", UNKNOWN_KEY).header("Service-Version", CURRENT).get("/v1/me")
                .then().statusCode(401)
                .body("error.code", equalTo("INVALID_API_KEY_FORMAT"));
    }

    @Test
    void aWellFormedUnknownKeyIsInvalidInBothHeaders() {
        bearer(UNKNOWN_KEY).get("/v1/me")
                .then().statusCode(401)
                .header("Service-Version", OLDEST)
                .body("code", equalTo("INVALID_API_KEY"));
        apiKey(UNKNOWN_KEY).header("Service-Version", CURRENT).get("/v1/me")
                .then().statusCode(401)
                .body("error.code", equalTo("INVALID_API_KEY"));
    }

    @Test
    void bothHeaderFormsAreEquivalentAndBearerWinsWhenBothAreSent() {
        Admin.Key key = Admin.keyFor("starter", "agents:read");
        apiKey(key.key()).get("/v1/me").then().statusCode(200).body("key_id", equalTo(key.id()));
        bearer(key.key()).header("X-API-Key", UNKNOWN_KEY).get("/v1/me")
                .then().statusCode(200).body("key_id", equalTo(key.id()));
        bearer(UNKNOWN_KEY).header("X-API-Key", key.key()).header("Service-Version", CURRENT).get("/v1/me")
                .then().statusCode(401).body("error.code", equalTo("INVALID_API_KEY"));
        given().header("Authorization", "Basic dXNlcjpwYXNz").header("X-API-Key", key.key()).get("/v1/me")
                .then().statusCode(200).body("key_id", equalTo(key.id()));
    }

    @Test
    void aRevokedKeyIsRefusedOnTheVeryNextRequest() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        bearer(key.key()).get("/v1/me").then().statusCode(200);

        Admin.revoke(key.id());

        bearer(key.key()).get("/v1/me")
                .then().statusCode(401)
                .header("Service-Version", OLDEST)
                .body("code", equalTo("API_KEY_REVOKED"));
        apiKey(key.key()).header("Service-Version", CURRENT).get("/v1/agents")
                .then().statusCode(401)
                .body("error.code", equalTo("API_KEY_REVOKED"));
    }

    @Test
    void aKeyExpiresOneYearAfterCreation() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        clock.advance(Duration.ofDays(364));
        bearer(key.key()).get("/v1/me").then().statusCode(200);

        clock.advance(Duration.ofDays(3));
        bearer(key.key()).get("/v1/me")
                .then().statusCode(401)
                .header("Service-Version", OLDEST)
                .body("code", equalTo("API_KEY_EXPIRED"));
        apiKey(key.key()).header("Service-Version", CURRENT).get("/v1/me")
                .then().statusCode(401)
                .body("error.code", equalTo("API_KEY_EXPIRED"));
    }

    @Test
    void aKeyIsRefusedFromTheMomentItsExpiryIsReached() {
        String organizationId = Admin.createOrganization("pro");
        Instant expiresAt = clock.instant().plus(Duration.ofHours(1));
        String key = admin().body(Map.of("name", "hour", "scopes", List.of("agents:read"),
                        "expires_at", expiresAt.toString()))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(201).extract().path("key");

        clock.advance(Duration.ofMinutes(59));
        bearer(key).get("/v1/me").then().statusCode(200);
        clock.advance(Duration.ofMinutes(1));
        bearer(key).header("Service-Version", CURRENT).get("/v1/me")
                .then().statusCode(401).body("error.code", equalTo("API_KEY_EXPIRED"));
    }

    @Test
    void revocationIsReportedBeforeExpiry() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        Admin.revoke(key.id());
        clock.advance(Duration.ofDays(400));
        bearer(key.key()).header("Service-Version", CURRENT).get("/v1/me")
                .then().statusCode(401).body("error.code", equalTo("API_KEY_REVOKED"));
    }

    @Test
    void meDescribesTheKey() {
        String organizationId = Admin.createOrganization(Map.of("name", "Me Inc", "plan", "starter"));
        Admin.Key key = Admin.createKey(organizationId, "agents:write", "calls:read", "agents:read");
        bearer(key.key()).get("/v1/me")
                .then().statusCode(200)
                .contentType("application/json")
                .body("key_id", equalTo(key.id()))
                .body("key_name", startsWith("key "))
                .body("organization_id", equalTo(organizationId))
                .body("scopes", contains("calls:read", "agents:read", "agents:write"))
                .body("rate_limit_tier", equalTo("standard"))
                .body("daily_call_limit", equalTo(50))
                .body("daily_calls_used", equalTo(0))
                .body("key", nullValue());
    }

    @ParameterizedTest
    @CsvSource({ "trial, free", "starter, standard", "pro, premium", "enterprise, premium" })
    void meShowsTheTierOfThePlan(String plan, String tier) {
        Admin.Key key = Admin.keyFor(plan, "agents:read");
        apiKey(key.key()).get("/v1/me").then().statusCode(200).body("rate_limit_tier", equalTo(tier));
    }

    @Test
    void theTierFollowsAPlanChangeOnTheNextRequest() {
        Admin.Key key = Admin.keyFor("trial", "agents:read");
        bearer(key.key()).get("/v1/me").then().body("rate_limit_tier", equalTo("free"));
        admin().body(Map.of("plan", "pro")).patch("/admin/organizations/{id}", key.organizationId())
                .then().statusCode(200);
        bearer(key.key()).get("/v1/me").then().body("rate_limit_tier", equalTo("premium"));
    }

    @Test
    void aKeyWithoutScopesStillReachesMe() {
        Admin.Key key = Admin.keyFor("pro", "calls:read");
        bearer(key.key()).get("/v1/me").then().statusCode(200).body("scopes", contains("calls:read"));
    }

    @ParameterizedTest
    @CsvSource({ "GET, /v1/nothing-here", "PUT, /v1/agents", "POST, /v1/me", "GET, /v1/agents/1/unknown",
            "GET, /v1", "GET, /v1/", "GET, /v1/agents/", "GET, /v1/AGENTS" })
    void anUnknownRouteIsNotFound(String method, String path) {
        Admin.Key key = Admin.keyFor("pro", "agents:read", "agents:write");
        bearer(key.key()).header("Service-Version", CURRENT).request(method, path)
                .then().statusCode(404)
                .header("Service-Version", CURRENT)
                .body("error.code", equalTo("NOT_FOUND"))
                .body("error.hint", equalTo("Check the method and the path against the API reference."));
    }

    @Test
    void theKeyIsCheckedBeforeTheRoute() {
        given().get("/v1/nothing-here")
                .then().statusCode(401)
                .header("Service-Version", OLDEST)
                .body("code", equalTo("MISSING_API_KEY"));
    }

    @Test
    void aMissingScopeIsNamedWithTheScopesTheKeyHolds() {
        Admin.Key key = Admin.keyFor("pro", "agents:write", "agents:read");
        bearer(key.key()).header("Service-Version", CURRENT).delete("/v1/agents/{id}", "0199a000-0000-7000-8000-000000000001")
                .then().statusCode(403)
                .header("Service-Version", CURRENT)
                .body("error.code", equalTo("INSUFFICIENT_SCOPE"))
                .body("error.details.required_scope", equalTo("agents:delete"))
                .body("error.details.your_scopes", contains("agents:read", "agents:write"));
        Admin.Key reader = Admin.keyFor("pro", "calls:read");
        apiKey(reader.key()).header("Service-Version", CURRENT).post("/v1/agents")
                .then().statusCode(403)
                .body("error.details.required_scope", equalTo("agents:write"))
                .body("error.details.your_scopes", contains("calls:read"));
    }

    @Test
    void aSuspendedAccountsKeyStillAuthenticates() {
        String organizationId = Admin.createOrganization(Map.of("name", "Suspended", "plan", "pro",
                "status", "suspended"));
        Admin.Key key = Admin.createKey(organizationId, "agents:read");
        bearer(key.key()).get("/v1/me").then().statusCode(200).body("organization_id", equalTo(organizationId));
    }

    @Test
    void pathsOutsideTheApiAreNotVersioned() {
        given().get("/nothing").then().statusCode(404)
                .header("Service-Version", nullValue())
                .body("error.code", equalTo("NOT_FOUND"));
    }
}
