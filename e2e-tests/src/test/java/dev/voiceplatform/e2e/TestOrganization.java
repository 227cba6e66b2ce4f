package dev.voiceplatform.e2e;

import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.notNullValue;

import io.restassured.path.json.JsonPath;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** An organization made through the admin API for one test, with helpers to give it keys. */
public record TestOrganization(String id, String name) {

    public static final List<String> ALL_SCOPES = List.of(
            "calls:read", "calls:write", "calls:control",
            "leads:read", "leads:write",
            "agents:read", "agents:write", "agents:delete", "agents:test",
            "knowledge:read", "knowledge:write",
            "phone_numbers:read", "phone_numbers:write",
            "webhooks:manage");

    /** A key as the admin API returned it on creation, the only time the full key is shown. */
    public record Key(String id, String key) {
    }

    public static TestOrganization create(String namePrefix, String kind) {
        String name = Gateway.unique(namePrefix);
        String id = Gateway.admin()
                .body(Map.of("name", name, "plan", "pro", "kind", kind))
                .post("/admin/organizations")
                .then().statusCode(201).body("id", notNullValue())
                .extract().path("id");
        return new TestOrganization(id, name);
    }

    public static TestOrganization create(String namePrefix) {
        return create(namePrefix, "organization");
    }

    public Key createKey(List<String> scopes) {
        return createKey(Map.of("name", "e2e", "scopes", scopes));
    }

    public Key createKey(List<String> scopes, Instant expiresAt) {
        return createKey(Map.of("name", "e2e", "scopes", scopes, "expires_at", expiresAt.toString()));
    }

    /** The key of an AI client the organization connected (part 5, rule 9), named after the application. */
    public Key createAiClientKey(String application, List<String> scopes) {
        return createKey(Map.of("name", application, "scopes", scopes, "origin", "ai_client"));
    }

    /** A key with every scope. */
    public String fullKey() {
        return createKey(ALL_SCOPES).key();
    }

    public static void revoke(Key key) {
        Gateway.admin().delete("/admin/keys/{id}", key.id()).then().statusCode(lessThan(300));
    }

    private Key createKey(Map<String, Object> body) {
        JsonPath created = Gateway.admin()
                .body(body)
                .post("/admin/organizations/{id}/keys", id)
                .then().statusCode(201)
                .extract().jsonPath();
        return new Key(created.getString("id"), created.getString("key"));
    }
}
