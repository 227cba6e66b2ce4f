package dev.voiceplatform.webhooks.delivery;

import static io.restassured.RestAssured.given;

import dev.voiceplatform.testing.TestTokens;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The public API of one organization, for arranging subscriptions and reading their logs. */
final class WebhookApi {

    final UUID organizationId = UUID.randomUUID();
    private final TestTokens tokens = TestTokens.forOrganization(organizationId).scopes("webhooks:manage");

    /** A created subscription: its id and its secret. */
    record Created(String id, String secret) {
    }

    RequestSpecification call() {
        return given().header("Authorization", tokens.bearer()).contentType(ContentType.JSON);
    }

    Created subscribe(String url, List<String> events, UUID agentId) {
        Map<String, Object> body = new HashMap<>(Map.of("url", url, "events", events));
        if (agentId != null) {
            body.put("agent_id", agentId.toString());
        }
        JsonPath created = call().body(body).post("/webhooks").then().statusCode(201).extract().jsonPath();
        return new Created(created.getString("id"), created.getString("secret"));
    }

    JsonPath subscription(String id) {
        return call().get("/webhooks/" + id).then().statusCode(200).extract().jsonPath();
    }

    /** The subscription's log, newest first. */
    List<Map<String, Object>> deliveries(String id) {
        return call().get("/webhooks/" + id + "/deliveries").then().statusCode(200).extract().jsonPath()
                .getList("data");
    }
}
