package dev.voiceplatform.gateway.admin;

import static dev.voiceplatform.gateway.support.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.voiceplatform.gateway.keys.ApiKeySecrets;
import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AdminKeysTest {

    @Inject
    TestClock clock;

    @Test
    void createsAKeyAndShowsItOnce() {
        String organizationId = Admin.createOrganization("pro");
        Response created = admin()
                .body(Map.of("name", "CRM sync", "scopes", List.of("leads:write", "agents:read", "calls:read",
                        "agents:read")))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(201)
                .body("key", matchesPattern("svc_live_[A-Za-z0-9]{32}"))
                .body("name", equalTo("CRM sync"))
                .body("scopes", contains("calls:read", "leads:write", "agents:read"))
                .body("kind", equalTo("organization"))
                .body("organization_id", equalTo(organizationId))
                .extract().response();
        String key = created.path("key");
        assertEquals(key.substring(0, 12), created.path("key_prefix"));
        Instant createdAt = Instant.parse(created.path("created_at"));
        assertEquals(createdAt.atOffset(ZoneOffset.UTC).plusYears(1).toInstant(),
                Instant.parse(created.path("expires_at")), "a key lives one year by default");

        admin().get("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(200)
                .body("data[0].id", equalTo(created.path("id")))
                .body("data[0].key_prefix", equalTo(key.substring(0, 12)))
                .body("data[0].scopes", contains("calls:read", "leads:write", "agents:read"))
                .body("data[0]", not(hasKey("key")))
                .body("data[0]", not(hasKey("key_hash")))
                .body("data[0].revoked_at", nullValue());
    }

    @Test
    void storesTheHashNeverTheKey() {
        Admin.Key key = Admin.keyFor("starter", "agents:read");
        List<Map<String, Object>> rows = TestDatabase.query("SELECT * FROM api_keys WHERE id = ?",
                UUID.fromString(key.id()));
        assertEquals(1, rows.size());
        Map<String, Object> row = rows.get(0);
        assertEquals(ApiKeySecrets.hash(key.key()), row.get("key_hash"));
        assertEquals(64, ((String) row.get("key_hash")).length());
        row.values().forEach(value -> assertFalse(String.valueOf(value).contains(key.key().substring(12)),
                "no column holds the key"));
    }

    @Test
    void aKeyTakesTheKindOfItsOrganizationWhenMade() {
        String resellerId = Admin.createOrganization(Map.of("name", "Reseller", "plan", "enterprise", "kind", "reseller"));
        Admin.Key key = Admin.createKey(resellerId, "agents:read");
        admin().body(Map.of("kind", "organization")).patch("/admin/organizations/{id}", resellerId)
                .then().statusCode(200);

        admin().get("/admin/organizations/{id}/keys", resellerId)
                .then().statusCode(200)
                .body("data[0].id", equalTo(key.id()))
                .body("data[0].kind", equalTo("reseller"));
    }

    @Test
    void acceptsAnExpiryInTheFuture() {
        String organizationId = Admin.createOrganization("pro");
        Instant expiresAt = clock.instant().plus(30, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        admin().body(Map.of("name", "Short lived", "scopes", List.of("agents:read"), "expires_at", expiresAt.toString()))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(201)
                .body("expires_at", equalTo(expiresAt.toString()));
        admin().body(Map.of("name", "Offset", "scopes", List.of("agents:read"),
                        "expires_at", expiresAt.atOffset(ZoneOffset.ofHours(2)).toString()))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(201)
                .body("expires_at", equalTo(expiresAt.toString()));
    }

    @Test
    void refusesAnExpiryInThePast() {
        String organizationId = Admin.createOrganization("pro");
        admin().body(Map.of("name", "Stale", "scopes", List.of("agents:read"),
                        "expires_at", clock.instant().minusSeconds(60).toString()))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("expires_at"));
    }

    @Test
    void refusesUnknownScopes() {
        String organizationId = Admin.createOrganization("pro");
        admin().body(Map.of("name", "Bad", "scopes", List.of("agents:read", "analytics:read", "webhooks:write")))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("scopes"))
                .body("error.fields[0].reason", matchesPattern(".*analytics:read, webhooks:write.*"));
        assertEquals(0, TestDatabase.query("SELECT 1 FROM api_keys WHERE org_id = ?",
                UUID.fromString(organizationId)).size());
    }

    @Test
    void refusesAKeyWithoutNameOrScopes() {
        String organizationId = Admin.createOrganization("pro");
        admin().body(Map.of("scopes", List.of()))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("name", "scopes"));
    }

    @Test
    void keysOfAnUnknownOrMalformedOrganizationAreNotFound() {
        String unknown = UUID.randomUUID().toString();
        admin().body(Map.of("name", "Orphan", "scopes", List.of("agents:read")))
                .post("/admin/organizations/{id}/keys", unknown)
                .then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        admin().body(Map.of("name", "Orphan", "scopes", List.of("agents:read")))
                .post("/admin/organizations/{id}/keys", "123")
                .then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        admin().get("/admin/organizations/{id}/keys", unknown)
                .then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        admin().get("/admin/organizations/{id}/keys", "123")
                .then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void listsKeysNewestFirstWithPaging() {
        String organizationId = Admin.createOrganization("pro");
        Admin.Key first = Admin.createKey(organizationId, "agents:read");
        Admin.Key second = Admin.createKey(organizationId, "agents:write");
        Admin.Key third = Admin.createKey(organizationId, "calls:read");
        Admin.createKey(Admin.createOrganization("pro"), "calls:read");

        admin().queryParam("limit", 2).get("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(200)
                .body("data.id", contains(third.id(), second.id()))
                .body("pagination.total", equalTo(3))
                .body("pagination.has_more", equalTo(true));
        admin().queryParam("limit", 2).queryParam("offset", 2).get("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(200)
                .body("data.id", contains(first.id()))
                .body("pagination.has_more", equalTo(false));
        admin().queryParam("limit", 500).get("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(400)
                .body("error.fields.field", contains("limit"));
    }

    @Test
    void revokesAKeyOnceAndAnswersTheSameAfterwards() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        Response revoked = admin().delete("/admin/keys/{id}", key.id())
                .then().statusCode(200)
                .body("id", equalTo(key.id()))
                .body("revoked", equalTo(true))
                .body("revoked_at", notNullValue())
                .extract().response();

        clock.advance(java.time.Duration.ofMinutes(5));
        try {
            admin().delete("/admin/keys/{id}", key.id())
                    .then().statusCode(200)
                    .body("revoked", equalTo(true))
                    .body("revoked_at", equalTo(revoked.path("revoked_at")));
        } finally {
            clock.reset();
        }
        admin().get("/admin/organizations/{id}/keys", key.organizationId())
                .then().statusCode(200)
                .body("data[0].revoked_at", equalTo(revoked.path("revoked_at")));
        assertEquals(Instant.parse(revoked.path("revoked_at")), ((java.sql.Timestamp) TestDatabase
                .query("SELECT revoked_at FROM api_keys WHERE id = ?", UUID.fromString(key.id())).get(0)
                .get("revoked_at")).toInstant());
    }

    @Test
    void revokingAnUnknownOrMalformedKeyIsNotFound() {
        admin().delete("/admin/keys/{id}", UUID.randomUUID().toString())
                .then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        admin().delete("/admin/keys/{id}", "svc_live_abc")
                .then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void keyEndpointsNeedTheAdminToken() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        given().contentType("application/json").body(Map.of("name", "x", "scopes", List.of("agents:read")))
                .post("/admin/organizations/{id}/keys", key.organizationId())
                .then().statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
        given().get("/admin/organizations/{id}/keys", key.organizationId())
                .then().statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
        given().header("Authorization", "Bearer " + key.key()).delete("/admin/keys/{id}", key.id())
                .then().statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
        assertNull(TestDatabase.query("SELECT revoked_at FROM api_keys WHERE id = ?", UUID.fromString(key.id()))
                .get(0).get("revoked_at"));
        assertEquals(1, TestDatabase.query("SELECT 1 FROM api_keys WHERE org_id = ?",
                UUID.fromString(key.organizationId())).size());
    }
}
