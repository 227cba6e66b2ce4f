package dev.voiceplatform.gateway.admin;

import static dev.voiceplatform.gateway.support.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;

import dev.voiceplatform.gateway.support.Admin;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Part 5, rule 9: the key of a connected AI client, prefixed svco_ and listed under the application's name. */
@QuarkusTest
class AiClientKeysTest {

    /** Errors in the envelope of part 7, which the oldest version shapes otherwise. */
    private static final String CURRENT = "2026-08-06";

    @Test
    void anAiClientsKeyIsListedUnderTheApplicationsName() {
        String organizationId = Admin.createOrganization("pro");
        Response created = admin()
                .body(Map.of("name", "Claude Desktop", "scopes", List.of("agents:read"), "origin", "ai_client"))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(201)
                .body("key", matchesPattern("svco_[A-Za-z0-9]{32}"))
                .body("key_prefix", matchesPattern("svco_[A-Za-z0-9]{7}"))
                .body("origin", equalTo("ai_client"))
                .body("name", equalTo("Claude Desktop"))
                .extract().response();
        Admin.createKey(organizationId, "agents:read");

        admin().get("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(200)
                .body("data.origin", contains("api", "ai_client"))
                .body("data[1].id", equalTo(created.path("id")))
                .body("data[1].name", equalTo("Claude Desktop"));
    }

    @Test
    void anAiClientsKeyAuthenticatesAndIsRevokedLikeAnyKey() {
        String organizationId = Admin.createOrganization("pro");
        Response created = admin()
                .body(Map.of("name", "Cursor", "scopes", List.of("agents:read"), "origin", "ai_client"))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(201).extract().response();
        String key = created.path("key");

        given().header("Authorization", "Bearer " + key).get("/v1/me")
                .then().statusCode(200)
                .body("key_id", equalTo(created.path("id")))
                .body("organization_id", equalTo(organizationId));
        given().header("X-API-Key", key).get("/v1/me").then().statusCode(200);

        Admin.revoke(created.path("id"));
        given().header("Service-Version", CURRENT).header("Authorization", "Bearer " + key).get("/v1/me")
                .then().statusCode(401)
                .body("error.code", equalTo("API_KEY_REVOKED"));
    }

    @Test
    void aWellFormedAiClientKeyThatMatchesNothingIsInvalidAndAMalformedOneIsAFormatError() {
        given().header("Service-Version", CURRENT).header("Authorization", "Bearer svco_" + "Ab3".repeat(10) + "xy")
                .get("/v1/me")
                .then().statusCode(401)
                .body("error.code", equalTo("INVALID_API_KEY"));
        given().header("Service-Version", CURRENT).header("Authorization", "Bearer svco_short").get("/v1/me")
                .then().statusCode(401)
                .body("error.code", equalTo("INVALID_API_KEY_FORMAT"));
    }

    @Test
    void anUnknownOriginIsAValidationError() {
        String organizationId = Admin.createOrganization("pro");
        admin().body(Map.of("name", "Odd", "scopes", List.of("agents:read"), "origin", "oauth"))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("origin"))
                .body("error.fields[0].reason", equalTo("must be one of api, ai_client"));
    }
}
