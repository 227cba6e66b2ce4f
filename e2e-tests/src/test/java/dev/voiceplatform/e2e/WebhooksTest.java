package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.standardwebhooks.Webhook;
import com.sun.net.httpserver.HttpServer;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** A lead created through the gateway reaches a subscribed receiver on loopback once, signed, and is logged. */
class WebhooksTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private record Received(Map<String, List<String>> headers, String body) {

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT)).get(0);
        }
    }

    @Test
    void aLeadCreatedThroughTheGatewayArrivesOnceSignedAndIsLoggedAsDelivered() throws Exception {
        String key = TestOrganization.create("e2e-webhooks").fullKey();
        List<Received> received = new CopyOnWriteArrayList<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/hooks", exchange -> {
            String body;
            try (InputStream in = exchange.getRequestBody()) {
                body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            Map<String, List<String>> headers = new TreeMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values));
            received.add(new Received(headers, body));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        try {
            String agentId = as(key).body(Map.of("name", "Webhook line", "prompt", "You take down leads."))
                    .post("/agents").then().statusCode(201).extract().path("id");
            JsonPath webhook = as(key).body(Map.of("url", "http://127.0.0.1:" + receiver.getAddress().getPort()
                            + "/hooks", "events", List.of("lead.created")))
                    .post("/webhooks").then().statusCode(201).body("secret", startsWith("whsec_")).extract().jsonPath();
            String webhookId = webhook.getString("id");
            String secret = webhook.getString("secret");

            String correlationId = "e2e-webhook-" + UUID.randomUUID();
            String leadId = as(key).header("X-Correlation-ID", correlationId)
                    .body(Map.of("name", "Noa Cohen", "phone", "+12015550123", "agent_id", agentId))
                    .post("/leads").then().statusCode(201).extract().path("id");

            long deadline = System.nanoTime() + 60_000_000_000L;
            while (received.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertEquals(1, received.size(), "the lead reached the receiver");
            Thread.sleep(5_000);
            assertEquals(1, received.size(), "the lead reached the receiver once");

            Received delivery = received.get(0);
            JsonNode envelope = JSON.readTree(delivery.body());
            assertEquals("lead.created", envelope.path("event").asText());
            assertEquals("2026-01-01", envelope.path("api_version").asText());
            assertEquals(leadId, envelope.path("data").path("lead").path("id").asText());
            assertEquals(correlationId, delivery.header("X-Correlation-ID"));
            new Webhook(secret).verify(delivery.body(), delivery.headers());
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            assertEquals("v1=" + HexFormat.of().formatHex(mac.doFinal((delivery.header("X-Webhook-Timestamp") + "."
                    + delivery.body()).getBytes(StandardCharsets.UTF_8))), delivery.header("X-Webhook-Signature"));

            as(key).get("/webhooks/{id}/deliveries", webhookId).then().statusCode(200)
                    .body("data.size()", equalTo(1))
                    .body("data[0].id", equalTo(delivery.header("X-Webhook-ID")))
                    .body("data[0].event_type", equalTo("lead.created"))
                    .body("data[0].status", equalTo("success"))
                    .body("data[0].response_status", equalTo(204));
        } finally {
            receiver.stop(0);
        }
    }

    private static RequestSpecification as(String key) {
        return withKey(key).header("Service-Version", Gateway.CURRENT_VERSION);
    }
}
