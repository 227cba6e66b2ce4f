package dev.voiceplatform.agents.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.common.outbox.OutboxRelay;
import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** An event committed while no relay runs (the service stopped between commit and publish) is not lost. */
@QuarkusTest
@TestProfile(OutboxRecoveryTest.RelayStopped.class)
class OutboxRecoveryTest {

    public static class RelayStopped implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("platform.outbox.relay-enabled", "false");
        }
    }

    @Inject
    OutboxRelay relay;

    @Test
    void anEventLeftUnpublishedIsPublishedWhenTheRelayStartsAgain() {
        String id = RestAssured.given()
                .header("Authorization", TestTokens.forOrganization(UUID.randomUUID())
                        .scopes("agents:write").bearer())
                .contentType(ContentType.JSON)
                .body(Map.of("name", "committed", "prompt", "p"))
                .post("/agents").then().statusCode(201).extract().path("id");

        List<Map<String, Object>> pending = TestDatabase.query(
                "SELECT published_at FROM outbox_event WHERE message_key = ? AND event_type = 'agent.created'", id);
        assertEquals(1, pending.size(), "the event was committed with the agent");
        assertNull(pending.get(0).get("published_at"));

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "agents.events")) {
            assertTrue(events.drain(Duration.ofSeconds(2)).stream().noneMatch(event -> id.equals(event.key())),
                    "nothing is published while no relay runs");

            relay.start();
            try {
                events.await(KafkaEvents.ofType("agent.created", id), Duration.ofSeconds(30));
                // The row is marked after Kafka acknowledged it, so the mark may trail the event by a moment.
                Eventually.check(() -> assertNotNull(TestDatabase.query(
                        "SELECT published_at FROM outbox_event WHERE message_key = ?", id).get(0).get("published_at"),
                        "the row is marked published"));
            } finally {
                relay.stop();
            }
        }
    }
}
