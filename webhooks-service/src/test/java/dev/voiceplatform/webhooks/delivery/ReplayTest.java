package dev.voiceplatform.webhooks.delivery;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.webhooks.PublicEvents;
import dev.voiceplatform.webhooks.Receiver;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Replays (part 6.1 rule 5) with their daily caps, and the template dry run. */
@QuarkusTest
class ReplayTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    TestClock clock;

    @Test
    void replaysResendTheEventUnderANewMessageIdUpToTheDailyCaps() throws Exception {
        WebhookApi api = new WebhookApi();
        try (Receiver receiver = new Receiver(); PublicEvents events = new PublicEvents()) {
            List<WebhookApi.Created> webhooks = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                webhooks.add(api.subscribe(receiver.url("/r" + i), List.of("lead.created"), null));
            }
            UUID eventId = events.leadCreated(api.organizationId, null);
            Eventually.check(() -> webhooks.forEach(webhook -> assertEquals(List.of("success"),
                    api.deliveries(webhook.id()).stream().map(delivery -> delivery.get("status")).toList())));
            List<String> originals = webhooks.stream()
                    .map(webhook -> (String) api.deliveries(webhook.id()).get(0).get("id")).toList();

            String firstReplayId = replay(api, webhooks.get(0).id(), originals.get(0)).then().statusCode(200)
                    .body("success", equalTo(true)).body("delivery.replay_of", equalTo(originals.get(0)))
                    .body("delivery.id", not(equalTo(originals.get(0)))).body("delivery.id", startsWith("msg_"))
                    .extract().path("delivery.id");
            Receiver.Request replayed = receiver.at("/r0").get(1);
            assertEquals(eventId.toString(), JSON.readTree(replayed.body()).get("id").asText(),
                    "a replay carries the original event id");
            assertEquals(firstReplayId, replayed.header("X-Webhook-ID"));
            assertNotEquals(receiver.at("/r0").get(0).header("X-Webhook-ID"), replayed.header("X-Webhook-ID"));
            FanOutTest.assertSigned(replayed, webhooks.get(0).secret());

            for (int i = 1; i < 20; i++) {
                replay(api, webhooks.get(0).id(), originals.get(0)).then().statusCode(200);
            }
            replay(api, webhooks.get(0).id(), originals.get(0)).then().statusCode(429)
                    .body("error.code", equalTo("RATE_LIMIT_EXCEEDED"));
            for (int webhook = 1; webhook <= 2; webhook++) {
                for (int i = 0; i < 20; i++) {
                    replay(api, webhooks.get(webhook).id(), originals.get(webhook)).then().statusCode(200);
                }
            }
            replay(api, webhooks.get(3).id(), originals.get(3)).then().statusCode(429)
                    .body("error.code", equalTo("RATE_LIMIT_EXCEEDED"));
            assertEquals(1, receiver.at("/r3").size(), "a refused replay sends nothing");

            clock.advance(Duration.ofDays(1));
            replay(api, webhooks.get(3).id(), originals.get(3)).then().statusCode(200).body("success", equalTo(true));
            replay(api, webhooks.get(0).id(), originals.get(0)).then().statusCode(200);

            replay(api, webhooks.get(0).id(), "msg_unknown").then().statusCode(404)
                    .body("error.code", equalTo("NOT_FOUND"));
        }
    }

    @Test
    void aReplayTheCurrentConditionRefusesIsAConflict() throws Exception {
        WebhookApi api = new WebhookApi();
        try (Receiver receiver = new Receiver(); PublicEvents events = new PublicEvents()) {
            String webhook = api.subscribe(receiver.url("/cond"), List.of("lead.created"), null).id();
            events.leadCreated(api.organizationId, null);
            Eventually.check(() -> assertEquals(List.of("success"), api.deliveries(webhook).stream()
                    .map(delivery -> delivery.get("status")).toList()));
            String original = (String) api.deliveries(webhook).get(0).get("id");
            api.call().body(Map.of("condition", Map.of("require", List.of("lead.email")))).patch("/webhooks/" + webhook)
                    .then().statusCode(200);
            replay(api, webhook, original).then().statusCode(409).body("error.code", equalTo("CONFLICT"));
            assertEquals(1, receiver.at("/cond").size());
        }
    }

    @Test
    void theTemplateDryRunRendersWithoutSending() {
        WebhookApi api = new WebhookApi();
        api.call().body(Map.of("event_type", "lead.created", "http_method", "PUT",
                        "data", Map.of("lead", Map.of("name", "Dana", "score", 7)),
                        "payload_template", Map.of("who", "{{lead.name}}", "score", "{{lead.score}}",
                                "email", "{{lead.email}}")))
                .post("/webhooks/template-preview").then().statusCode(200)
                .body("payload.who", equalTo("Dana")).body("payload.score", equalTo(7))
                .body("payload", not(org.hamcrest.Matchers.hasKey("email")));
        api.call().body(Map.of("event_type", "lead.moved", "payload_template", Map.of("a", "b")))
                .post("/webhooks/template-preview").then().statusCode(400).body("error.code", equalTo("INVALID_EVENT"));
        api.call().body(Map.of("event_type", "lead.created", "payload_template", List.of(1)))
                .post("/webhooks/template-preview").then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"));
    }

    private static io.restassured.response.Response replay(WebhookApi api, String webhook, String delivery) {
        return api.call().post("/webhooks/" + webhook + "/deliveries/" + delivery + "/replay");
    }
}
