package dev.voiceplatform.gateway.support;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Arranges organizations and keys through the admin API, the way an operator would. */
public final class Admin {

    public static final String TOKEN = "test-admin-token-0123456789";

    private Admin() {
    }

    /** A key as its creation answered it. */
    public record Key(String id, String key, String organizationId) {
    }

    public static RequestSpecification admin() {
        return given().header("Authorization", "Bearer " + TOKEN).contentType(ContentType.JSON);
    }

    public static String createOrganization(String plan) {
        return createOrganization(Map.of("name", "Org " + UUID.randomUUID(), "plan", plan));
    }

    public static String createOrganization(Map<String, Object> body) {
        return admin().body(body).post("/admin/organizations").then().statusCode(201).extract().path("id");
    }

    public static Key createKey(String organizationId, String... scopes) {
        Response response = admin().body(Map.of("name", "key " + UUID.randomUUID(), "scopes", List.of(scopes)))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(201).extract().response();
        return new Key(response.path("id"), response.path("key"), organizationId);
    }

    /** A fresh key of a fresh organization on the given plan. */
    public static Key keyFor(String plan, String... scopes) {
        return createKey(createOrganization(plan), scopes);
    }

    public static void revoke(String keyId) {
        admin().delete("/admin/keys/{id}", keyId).then().statusCode(200);
    }
}
