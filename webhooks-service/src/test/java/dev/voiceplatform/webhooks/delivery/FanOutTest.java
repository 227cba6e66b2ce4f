package dev.voiceplatform.webhooks.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.standardwebhooks.Webhook;
import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.webhooks.Receiver;
import dev.voiceplatform.webhooks.PublicEvents;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** Public events from Kafka reach every matching subscription of their organization once, signed. */
@QuarkusTest
class FanOutTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anEventReachesEveryMatchingSubscriptionOfItsOrganizationOnceSignedWithTheSharedEnvelope() throws Exception {
        WebhookApi api = new WebhookApi();
        WebhookApi otherOrganization = new WebhookApi();
        UUID agent = UUID.randomUUID();
        UUID otherAgent = UUID.randomUUID();
        AgentsServiceStandIn.register(api.organizationId, agent);
        AgentsServiceStandIn.register(api.organizationId, otherAgent);
        try (Receiver receiver = new Receiver(); PublicEvents events = new PublicEvents()) {
            WebhookApi.Created everyLead = api.subscribe(receiver.url("/all"), List.of("lead.created"), null);
            WebhookApi.Created agentsLeadsAndCalls = api.subscribe(receiver.url("/agent"),
                    List.of("lead.created", "call.started"), agent);
            api.subscribe(receiver.url("/ended"), List.of("call.ended"), null);
            api.subscribe(receiver.url("/other-agent"), List.of("lead.created"), otherAgent);
            otherOrganization.subscribe(receiver.url("/other-org"), List.of("lead.created"), null);

            UUID eventId = UUID.randomUUID();
            JsonObject data = new JsonObject().put("lead_id", UUID.randomUUID().toString()).put("name", "Dana")
                    .put("score", 7);
            events.send("leads.events", eventId, "lead.created", api.organizationId, agent, "corr-fan-out", data);
            events.send("leads.events", eventId, "lead.created", api.organizationId, agent, "corr-fan-out", data);

            Eventually.check(() -> {
                assertEquals(1, receiver.at("/all").size());
                assertEquals(1, receiver.at("/agent").size());
            });
            Thread.sleep(3_000);
            assertEquals(1, receiver.at("/all").size(), "the same event id twice is delivered once");
            assertEquals(1, receiver.at("/agent").size());
            assertEquals(0, receiver.at("/ended").size());
            assertEquals(0, receiver.at("/other-agent").size());
            assertEquals(0, receiver.at("/other-org").size());

            Receiver.Request toAll = receiver.at("/all").get(0);
            Receiver.Request toAgent = receiver.at("/agent").get(0);
            for (Receiver.Request request : List.of(toAll, toAgent)) {
                JsonNode envelope = JSON.readTree(request.body());
                assertEquals(eventId.toString(), envelope.get("id").asText(), "the id is shared by every subscriber");
                assertEquals("lead.created", envelope.get("event").asText());
                assertEquals("2026-01-01", envelope.get("api_version").asText());
                assertTrue(envelope.hasNonNull("timestamp"));
                assertEquals(JSON.readTree(data.encode()), envelope.get("data"));
                assertEquals("corr-fan-out", request.header("X-Correlation-ID"));
                assertEquals(request.header("X-Webhook-ID"), request.header("webhook-id"));
                assertEquals("application/json", request.header("Content-Type"));
            }
            assertNotEquals(toAll.header("X-Webhook-ID"), toAgent.header("X-Webhook-ID"));
            assertSigned(toAll, everyLead.secret());
            assertSigned(toAgent, agentsLeadsAndCalls.secret());

            UUID callEvent = UUID.randomUUID();
            events.send("calls.events", callEvent, "call.started", api.organizationId, agent, "corr-call",
                    new JsonObject().put("call_id", "call_1"));
            Eventually.check(() -> assertEquals(2, receiver.at("/agent").size()));
            Receiver.Request call = receiver.at("/agent").get(1);
            assertEquals("call.started", JSON.readTree(call.body()).get("event").asText());
            assertEquals(callEvent.toString(), JSON.readTree(call.body()).get("id").asText());
            assertEquals("corr-call", call.header("X-Correlation-ID"));
            assertSigned(call, agentsLeadsAndCalls.secret());
            assertEquals(1, receiver.at("/all").size());
            assertEquals(0, receiver.at("/ended").size());

            Eventually.check(() -> assertEquals(List.of("success"), api.deliveries(everyLead.id()).stream()
                    .map(delivery -> delivery.get("status")).toList()));
            assertEquals(toAll.header("X-Webhook-ID"), api.deliveries(everyLead.id()).get(0).get("id"));
        }
    }

    /** Both signature sets of part 6.1: the official library for webhook-*, an independent HMAC for X-Webhook-*. */
    static void assertSigned(Receiver.Request request, String secret) throws Exception {
        new Webhook(secret).verify(request.body(), request.headers());
        String timestamp = request.header("X-Webhook-Timestamp");
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String expected = "v1=" + HexFormat.of().formatHex(mac.doFinal((timestamp + "." + request.body())
                .getBytes(StandardCharsets.UTF_8)));
        assertEquals(expected, request.header("X-Webhook-Signature"));
    }
}
