package dev.voiceplatform.calls.call.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.calls.RuntimeEventsSender;
import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What the voice runtime reports on runtime.events becomes call records and the public call events. */
@QuarkusTest
class CallEventsTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void anAnsweredThenEndedCallIsAppliedOnceEachAndPublished() {
        CallApi api = CallApi.newOrganization();
        String id = api.placeCall();
        Instant answeredAt = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        try (RuntimeEventsSender runtime = new RuntimeEventsSender();
                KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "calls.events")) {
            UUID answered = runtime.answered(api.organizationId(), id, answeredAt);
            // Delivered twice: applied once.
            runtime.send(answered, "runtime.call.answered", api.organizationId(), id,
                    new JsonObject().put("answered_at", answeredAt.toString()));
            KafkaEvents.ReceivedEvent started = events.await(KafkaEvents.ofType("call.started", id), WAIT);
            assertEquals(api.organizationId().toString(), started.envelope().path("org_id").asText());
            assertEquals(api.agentId(), started.envelope().path("agent_id").asText());
            assertEquals("outbound", started.data().path("direction").asText());
            assertEquals("in_progress", started.data().path("status").asText());
            assertEquals(CallApi.row(id).get("caller"), started.data().path("caller").asText());
            api.get(id).body("status", equalTo("in_progress")).body("started_at", notNullValue());

            UUID ended = UUID.randomUUID();
            runtime.send(ended, "runtime.call.ended", api.organizationId(), id,
                    RuntimeEventsSender.completed(answeredAt, 40));
            runtime.send(ended, "runtime.call.ended", api.organizationId(), id,
                    RuntimeEventsSender.completed(answeredAt, 40));
            // A later, different report of the same call changes nothing: the first one stands.
            runtime.send(UUID.randomUUID(), "runtime.call.ended", api.organizationId(), id,
                    RuntimeEventsSender.completed(answeredAt, 99).put("status", "failed"));
            KafkaEvents.ReceivedEvent callEnded = events.await(KafkaEvents.ofType("call.ended", id), WAIT);
            assertEquals(id, callEnded.data().path("call_id").asText());
            assertEquals(api.agentId(), callEnded.data().path("agent_id").asText());
            assertEquals("outbound", callEnded.data().path("direction").asText());
            assertEquals("completed", callEnded.data().path("status").asText());
            assertEquals(40, callEnded.data().path("duration").asInt());
            assertEquals("Asked about opening hours", callEnded.data().path("summary").asText());
            assertEquals(2, callEnded.data().path("transcript").size());

            var all = events.drain(Duration.ofSeconds(3));
            assertEquals(1, all.stream().filter(KafkaEvents.ofType("call.started", id)).count());
            assertEquals(1, all.stream().filter(KafkaEvents.ofType("call.ended", id)).count());
        }
        api.get(id).statusCode(200)
                .body("status", equalTo("completed"))
                .body("duration", equalTo(40))
                .body("cost", equalTo(0.06f))
                .body("transcript.size()", equalTo(2))
                .body("transcript[1].role", equalTo("user"))
                .body("recording_url", notNullValue());
        assertEquals(0, api.live("outbound"));
    }

    @Test
    void aHungUpCallGetsWhatOnlyTheRuntimeKnowsWithoutASecondCallEnded() {
        CallApi api = CallApi.newOrganization();
        String id = api.placeCall();
        Instant answeredAt = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        try (RuntimeEventsSender runtime = new RuntimeEventsSender();
                KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "calls.events")) {
            runtime.answered(api.organizationId(), id, answeredAt);
            events.await(KafkaEvents.ofType("call.started", id), WAIT);
            api.hangup(id).statusCode(200).body("status", equalTo("completed")).body("teardown_ok", equalTo(true));
            KafkaEvents.ReceivedEvent ended = events.await(KafkaEvents.ofType("call.ended", id), WAIT);
            assertEquals("hangup_requested", ended.data().path("end_reason").asText());

            runtime.send(UUID.randomUUID(), "runtime.call.ended", api.organizationId(), id,
                    RuntimeEventsSender.completed(answeredAt, 12).put("end_reason", "hangup_requested"));
            Eventually.check(() -> api.get(id).body("transcript.size()", equalTo(2))
                    .body("summary", equalTo("Asked about opening hours"))
                    .body("cost", equalTo(0.018f))
                    .body("recording_url", notNullValue()));
            assertEquals(1, events.drain(Duration.ofSeconds(3)).stream()
                    .filter(KafkaEvents.ofType("call.ended", id)).count());
        }
    }

    @Test
    void anAgentErrorIsPublishedAndEventsOfUnknownCallsArePassedOver() {
        CallApi api = CallApi.newOrganization();
        String id = api.placeCall();
        try (RuntimeEventsSender runtime = new RuntimeEventsSender();
                KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "calls.events")) {
            String unknown = UUID.randomUUID().toString();
            runtime.answered(api.organizationId(), unknown, Instant.now());
            runtime.send(UUID.randomUUID(), "runtime.agent.error", api.organizationId(), unknown,
                    new JsonObject().put("error_code", "language_model_failed").put("message", "x"));
            runtime.send(UUID.randomUUID(), "runtime.agent.error", api.organizationId(), id,
                    new JsonObject().put("agent_id", api.agentId()).put("error_code", "language_model_failed")
                            .put("message", "The language model did not answer")
                            .put("occurred_at", Instant.now().toString()));
            KafkaEvents.ReceivedEvent error = events.await(KafkaEvents.ofType("agent.error", id), WAIT);
            assertEquals("language_model_failed", error.data().path("error_code").asText());
            assertEquals(api.agentId(), error.data().path("agent_id").asText());
            assertTrue(events.drain(Duration.ofSeconds(2)).stream().noneMatch(event -> event.key().equals(unknown)));
            assertEquals(0, TestDatabase.query("SELECT 1 FROM calls WHERE id = ?", UUID.fromString(unknown)).size());
        }
    }

    @Test
    void aCallerAskingNotToBeCalledAgainGoesOnTheOrganizationsList() {
        CallApi api = CallApi.newOrganization();
        String to = CallApi.freshNumber();
        String id = api.place(api.call(to)).statusCode(201).extract().path("id");
        try (RuntimeEventsSender runtime = new RuntimeEventsSender()) {
            runtime.send(UUID.randomUUID(), "runtime.do_not_call.requested", api.organizationId(), id,
                    new JsonObject().put("phone_number", to).put("utterance", "Please don't call me again")
                            .put("requested_at", Instant.now().toString()));
        }
        Eventually.check(() -> assertEquals(1, TestDatabase.query("SELECT 1 FROM do_not_call WHERE org_id = ? "
                + "AND phone_number = ? AND source = 'caller_request' AND reason = 'Please don''t call me again'",
                api.organizationId(), to).size()));
        org.hamcrest.MatcherAssert.assertThat(TestDatabase.query("SELECT count(*) AS n FROM do_not_call "
                + "WHERE phone_number = ?", to).get(0).get("n"), equalTo(1L));
    }
}
