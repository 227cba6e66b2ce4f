package dev.voiceplatform.webhooks.subscription.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

@QuarkusTest
class WebhookApiTest {

    private final TestTokens tokens = TestTokens.forOrganization(UUID.randomUUID()).scopes("webhooks:manage");

    private RequestSpecification api() {
        return given().header("Authorization", tokens.bearer()).contentType(ContentType.JSON);
    }

    @Test
    void catalogListsExactlyFive() {
        api().get("/webhooks/events").then().statusCode(200).body("events", hasSize(5))
                .body("events.name", org.hamcrest.Matchers.contains("call.started", "call.ended", "lead.created",
                        "lead.updated", "agent.error"));
    }

    @Test
    void createReturnsTheSecretOnceAndReadsNeverShowIt() {
        String id = api().body(Map.of("url", "http://127.0.0.1:9/hook", "events", List.of("lead.created"),
                        "custom_headers", Map.of("Authorization", "Bearer x")))
                .post("/webhooks").then().statusCode(201).body("secret", startsWith("whsec_"))
                .body("http_method", equalTo("POST")).body("content_type", equalTo("application/json"))
                .body("is_active", equalTo(true)).body("is_paused", equalTo(false)).extract().path("id");
        api().get("/webhooks/" + id).then().statusCode(200).body("secret", nullValue())
                .body("custom_headers", nullValue());
        api().get("/webhooks").then().statusCode(200).body("data", hasSize(1)).body("pagination.total", equalTo(1));
    }

    @Test
    void errorsOfCreate() {
        api().body(Map.of("url", "http://127.0.0.1:9/", "events", List.of("call.transferred"))).post("/webhooks")
                .then().statusCode(400).body("error.code", equalTo("INVALID_EVENT"));
        api().body(Map.of("url", "http://10.0.0.1/hook", "events", List.of("lead.created"))).post("/webhooks")
                .then().statusCode(400).body("error.code", equalTo("INVALID_WEBHOOK_URL"));
        api().body(Map.of("url", "not a url", "events", List.of("lead.created"))).post("/webhooks")
                .then().statusCode(400).body("error.code", equalTo("INVALID_WEBHOOK_URL"));
        api().body(Map.of("url", "http://127.0.0.1:9/", "events", List.of("lead.created"), "agent_id",
                        UUID.randomUUID().toString())).post("/webhooks")
                .then().statusCode(400).body("error.code", equalTo("INVALID_AGENT"));
        api().get("/webhooks/" + UUID.randomUUID()).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void anOrganizationHoldsAtMostTwentyFiveSubscriptions() {
        for (int i = 0; i < 25; i++) {
            api().body(Map.of("url", "http://127.0.0.1:9/hook" + i, "events", List.of("lead.created")))
                    .post("/webhooks").then().statusCode(201);
        }
        api().body(Map.of("url", "http://127.0.0.1:9/one-more", "events", List.of("lead.created"))).post("/webhooks")
                .then().statusCode(409).body("error.code", equalTo("CONFLICT"));
        given().header("Authorization", TestTokens.forOrganization(UUID.randomUUID()).scopes("webhooks:manage")
                        .bearer()).contentType(ContentType.JSON)
                .body(Map.of("url", "http://127.0.0.1:9/elsewhere", "events", List.of("lead.created")))
                .post("/webhooks").then().statusCode(201);
    }

    @Test
    void testSendReachesTheReceiverSignedAndIsLogged() throws Exception {
        List<Map<String, String>> received = new CopyOnWriteArrayList<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/hook", exchange -> {
            received.add(Map.of("id", exchange.getRequestHeaders().getFirst("X-Webhook-ID"),
                    "standard", exchange.getRequestHeaders().getFirst("webhook-signature"),
                    "legacy", exchange.getRequestHeaders().getFirst("X-Webhook-Signature")));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        try {
            UUID agent = UUID.randomUUID();
            AgentsServiceStandIn.register(tokens.tenant().organizationId(), agent);
            String id = api().body(Map.of("url", "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook",
                    "events", List.of("lead.created"), "agent_id", agent.toString())).post("/webhooks").then()
                    .statusCode(201).extract().path("id");
            api().body(Map.of("event_type", "lead.created")).post("/webhooks/" + id + "/test").then().statusCode(200)
                    .body("success", equalTo(true)).body("sentToLive", equalTo(true))
                    .body("delivery.is_test", equalTo(true)).body("delivery.id", startsWith("msg_test_"))
                    .body("delivery.response_status", equalTo(204));
            assertEquals(1, received.size());
            api().get("/webhooks/" + id + "/deliveries").then().statusCode(200).body("data", hasSize(1))
                    .body("data[0].status", equalTo("success"));
            api().body(Map.of("event_type", "nope")).post("/webhooks/" + id + "/test").then().statusCode(400)
                    .body("error.code", equalTo("INVALID_EVENT"));
        } finally {
            receiver.stop(0);
        }
    }
}
