package dev.voiceplatform.calls.call.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.voiceplatform.calls.RuntimeStandIn;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CallHangupTest {

    @Test
    void aLiveCallIsTornDownCompletedAtOnceAndCallEndedEmitted() {
        CallApi api = CallApi.newOrganization();
        String id = api.placeCall();
        TestDatabase.update("UPDATE calls SET status = 'in_progress', started_at = now() - interval '20 seconds' "
                + "WHERE id = ?", UUID.fromString(id));
        api.hangup(id).statusCode(200).body("id", equalTo(id)).body("status", equalTo("completed"))
                .body("teardown_ok", equalTo(true));
        assertEquals(1, RuntimeStandIn.teardowns(UUID.fromString(id)).size());
        assertEquals(api.organizationId().toString(), RuntimeStandIn.teardowns(UUID.fromString(id)).get(0).organization());
        Map<String, Object> row = CallApi.row(id);
        assertEquals("completed", row.get("status"));
        assertEquals("hangup_requested", row.get("end_reason"));
        assertNotNull(row.get("ended_at"));
        assertEquals(20, ((Number) row.get("duration")).intValue(), 1);
        assertEquals(0, api.live("outbound"));
        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "calls.events")) {
            KafkaEvents.ReceivedEvent ended = events.await(KafkaEvents.ofType("call.ended", id), Duration.ofSeconds(30));
            assertEquals("completed", ended.data().path("status").asText());
            assertEquals("outbound", ended.data().path("direction").asText());
            assertEquals(api.agentId(), ended.data().path("agent_id").asText());
        }
    }

    @Test
    void aRefusedTeardownIsTeardownFailedAndTheCallStaysAsItIs() {
        CallApi api = CallApi.newOrganization();
        String id = api.placeCall();
        RuntimeStandIn.refuseTeardown(UUID.fromString(id));
        api.hangup(id).statusCode(502).body("error.code", equalTo("TEARDOWN_FAILED"));
        assertEquals("initiating", CallApi.row(id).get("status"));
        assertEquals(1, api.live("outbound"));
    }

    @Test
    void aTeardownWithoutAnswerCompletesTheRecordWithTeardownOkFalse() {
        CallApi api = CallApi.newOrganization();
        String id = api.placeCall();
        RuntimeStandIn.silentTeardown(UUID.fromString(id));
        api.hangup(id).statusCode(200).body("status", equalTo("completed")).body("teardown_ok", equalTo(false));
        assertEquals("completed", CallApi.row(id).get("status"));
    }

    @Test
    void aCallThatAlreadyEndedIsAConflictNamingItsStatus() {
        CallApi api = CallApi.newOrganization();
        String id = api.placeCall();
        TestDatabase.update("UPDATE calls SET status = 'missed', ended_at = now() WHERE id = ?", UUID.fromString(id));
        api.hangup(id).statusCode(409).body("error.code", equalTo("CONFLICT"))
                .body("error.details.status", equalTo("missed"));
        assertEquals(0, RuntimeStandIn.teardowns(UUID.fromString(id)).size());
    }

    @Test
    void hangingUpNeedsCallsControlAndAnOrganizationKey() {
        CallApi api = CallApi.newOrganization();
        String id = api.placeCall();
        CallApi reader = CallApi.as(TestTokens.forOrganization(api.organizationId()).scopes("calls:read"));
        reader.hangup(id).statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        CallApi reseller = CallApi.as(TestTokens.forOrganization(api.organizationId()).reseller()
                .scopes("calls:control"));
        reseller.hangup(id).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
    }
}
