package dev.voiceplatform.webhooks.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.webhooks.PublicEvents;
import dev.voiceplatform.webhooks.Receiver;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Part 3.5: ten consecutive failed deliveries pause a subscription; resuming does not replay what was dropped. */
@QuarkusTest
class PauseTest {

    @Inject
    TestClock clock;

    @Test
    void tenConsecutiveFailuresPauseNothingIsQueuedWhilePausedAndResumingStartsAfresh() throws Exception {
        WebhookApi api = new WebhookApi();
        try (Receiver receiver = new Receiver().answer("/broken", 500).answer("/healthy", 200);
                PublicEvents events = new PublicEvents()) {
            String broken = api.subscribe(receiver.url("/broken"), List.of("lead.created"), null).id();
            String healthy = api.subscribe(receiver.url("/healthy"), List.of("lead.created"), null).id();
            for (int i = 0; i < 10; i++) {
                events.leadCreated(api.organizationId, null);
            }
            Eventually.check(() -> {
                assertEquals(true, api.subscription(broken).getBoolean("is_paused"));
                assertEquals(10, api.subscription(broken).getInt("failure_count"));
            });
            assertEquals(10, receiver.at("/broken").size());
            assertEquals(0, pending(broken), "the retries of a paused subscription are dropped");

            UUID whilePaused = events.leadCreated(api.organizationId, null);
            Eventually.check(() -> assertEquals(11, receiver.at("/healthy").size()));
            assertEquals(0, TestDatabase.query("SELECT 1 FROM webhook_deliveries WHERE subscription_id = ?::uuid AND "
                    + "event_id = ?", broken, whilePaused.toString()).size(), "nothing is queued while paused");
            clock.advance(Duration.ofMinutes(1));
            Thread.sleep(2_000);
            assertEquals(10, receiver.at("/broken").size());

            receiver.answer("/broken", 200);
            api.call().body(Map.of("is_paused", false)).patch("/webhooks/" + broken).then().statusCode(200);
            assertEquals(false, api.subscription(broken).getBoolean("is_paused"));
            assertEquals(0, api.subscription(broken).getInt("failure_count"));
            Thread.sleep(2_000);
            assertEquals(10, receiver.at("/broken").size(), "resuming does not replay what was dropped");

            UUID afterResume = events.leadCreated(api.organizationId, null);
            Eventually.check(() -> assertEquals(11, receiver.at("/broken").size()));
            assertEquals(afterResume.toString(), new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(receiver.at("/broken").get(10).body()).get("id").asText());
        }
    }

    private static long pending(String webhook) {
        return TestDatabase.query("SELECT 1 FROM webhook_deliveries WHERE subscription_id = ?::uuid AND status = "
                + "'pending'", webhook).size();
    }
}
