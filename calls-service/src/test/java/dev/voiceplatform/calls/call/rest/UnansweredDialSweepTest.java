package dev.voiceplatform.calls.call.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.calls.call.service.UnansweredDialSweep;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A dial whose outcome stayed unknown is failed once the runtime has said nothing of it for five minutes. */
@QuarkusTest
class UnansweredDialSweepTest {

    @Inject
    TestClock clock;

    @Inject
    UnansweredDialSweep sweep;

    @Test
    void callsLeftInitiatingWithoutAWordFromTheRuntimeAreFailed() {
        CallApi api = CallApi.newOrganization();
        String silent = api.place(api.call(CallApi.numberEnding("0008"))).statusCode(201).extract().path("id");
        String answered = api.placeCall();
        TestDatabase.update("UPDATE calls SET status = 'in_progress', started_at = now() WHERE id = ?",
                UUID.fromString(answered));

        clock.advance(Duration.ofMinutes(4));
        sweep.sweep().await().indefinitely();
        assertEquals("initiating", CallApi.row(silent).get("status"));

        clock.advance(Duration.ofMinutes(2));
        sweep.sweep().await().indefinitely();
        assertEquals("failed", CallApi.row(silent).get("status"));
        assertEquals("no_runtime_report", CallApi.row(silent).get("end_reason"));
        assertEquals("in_progress", CallApi.row(answered).get("status"));
        // The silent call's live slot is back; the answered one still holds its own.
        assertEquals(1, api.live("outbound"));
        // The dial may have rung: the key's call stays counted.
        assertEquals(2, api.keyCallsToday());
        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "calls.events")) {
            assertEquals("failed", events.await(KafkaEvents.ofType("call.ended", silent), Duration.ofSeconds(30))
                    .data().path("status").asText());
        }
    }
}
