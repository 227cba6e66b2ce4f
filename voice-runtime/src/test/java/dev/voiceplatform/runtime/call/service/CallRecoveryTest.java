package dev.voiceplatform.runtime.call.service;

import static dev.voiceplatform.runtime.RuntimeApi.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.events.RuntimeCallAnswered;
import dev.voiceplatform.common.events.RuntimeCallEnded;
import dev.voiceplatform.runtime.RuntimeApi;
import dev.voiceplatform.runtime.RuntimeApi.Org;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A call a previous run left live is ended at start as failed (runtime_restarted); this run's calls are not. */
@QuarkusTest
class CallRecoveryTest {

    @Inject
    CallRecovery recovery;

    @Test
    void callsLeftLiveByAPreviousRunEndFailedAndTheirAnsweredTimeIsBilled() {
        UUID organization = UUID.randomUUID();
        UUID agent = UUID.randomUUID();
        UUID connected = UUID.randomUUID();
        UUID ringing = UUID.randomUUID();
        OffsetDateTime placed = OffsetDateTime.now(ZoneOffset.UTC).minusHours(1);
        TestDatabase.update("INSERT INTO runtime_calls (id, org_id, agent_id, direction, to_number, state, created_at, "
                + "answered_at) VALUES (?, ?, ?, 'outbound', '+14155550123', 'connected', ?, ?)",
                connected, organization, agent, placed, placed.plusSeconds(5));
        TestDatabase.update("INSERT INTO runtime_calls (id, org_id, agent_id, direction, to_number, state, created_at) "
                + "VALUES (?, ?, ?, 'outbound', '+14155550001', 'ringing', ?)", ringing, organization, agent, placed);
        Org org = Org.withAgent(new JsonObject());
        UUID ours = UUID.randomUUID();
        try (KafkaEvents events = RuntimeApi.events()) {
            RuntimeApi.dial(ours, org.id(), org.agent(), "+14155550004").then().statusCode(202);
            await(events, RuntimeCallAnswered.TYPE, ours);

            assertTrue(recovery.endAbandonedCalls().await().atMost(Duration.ofSeconds(10)) >= 2);

            JsonNode cut = await(events, RuntimeCallEnded.TYPE, connected);
            assertEquals("failed", cut.path("status").asText());
            assertEquals("runtime_restarted", cut.path("end_reason").asText());
            assertTrue(cut.path("duration").asInt() >= 3595, "billed from the answer to the restart");
            assertEquals(organization.toString(), events.await(KafkaEvents.ofType(RuntimeCallEnded.TYPE,
                    connected.toString()), RuntimeApi.EVENT_WAIT).envelope().path("org_id").asText());
            JsonNode neverAnswered = await(events, RuntimeCallEnded.TYPE, ringing);
            assertEquals("runtime_restarted", neverAnswered.path("end_reason").asText());
            assertEquals(0, neverAnswered.path("duration").asInt());
            assertEquals("ended", TestDatabase.query("SELECT state FROM runtime_calls WHERE id = ?", connected).get(0)
                    .get("state"));

            assertEquals("connected", TestDatabase.query("SELECT state FROM runtime_calls WHERE id = ?", ours).get(0)
                    .get("state"), "a call of this run is left alone");
            assertEquals(0, recovery.endAbandonedCalls().await().atMost(Duration.ofSeconds(10)));
            RuntimeApi.teardown(ours, org.id()).then().statusCode(200);
            assertEquals("hangup_requested", await(events, RuntimeCallEnded.TYPE, ours).path("end_reason").asText());
        }
    }
}
