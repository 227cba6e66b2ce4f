package dev.voiceplatform.runtime.call.rest;

import static dev.voiceplatform.runtime.RuntimeApi.await;
import static dev.voiceplatform.runtime.RuntimeApi.dial;
import static dev.voiceplatform.runtime.RuntimeApi.teardown;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.events.RuntimeCallAnswered;
import dev.voiceplatform.common.events.RuntimeCallEnded;
import dev.voiceplatform.runtime.LeadsStandIn;
import dev.voiceplatform.runtime.RuntimeApi;
import dev.voiceplatform.runtime.RuntimeApi.Org;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Each test number of the local carrier, dialled through contract 1, and what reaches runtime.events. */
@QuarkusTest
class TestNumbersTest {

    private static KafkaEvents events;

    @Inject
    TestClock clock;

    @BeforeAll
    static void readEvents() {
        events = RuntimeApi.events();
    }

    @AfterAll
    static void stopReading() {
        events.close();
    }

    @Test
    void aLineNobodyAnswersEndsMissedWithoutBeingAnswered() {
        Org org = Org.withAgent(new JsonObject());
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550001").then().statusCode(202)
                .body("call_id", equalTo(call.toString())).body("accepted", equalTo(true));
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("missed", ended.path("status").asText());
        assertEquals("no_answer", ended.path("end_reason").asText());
        assertTrue(ended.path("answered_at").isNull());
        assertEquals(0, ended.path("duration").asInt());
        assertEquals(0.0, ended.path("cost").asDouble());
        assertFalse(ended.path("recording_available").asBoolean());
        assertEquals(org.agent().toString(), ended.path("agent_id").asText());
        assertEquals(0, RuntimeApi.count(events, RuntimeCallAnswered.TYPE, call, Duration.ofMillis(200)));
    }

    @Test
    void aBusyLineEndsFailed() {
        Org org = Org.withAgent(new JsonObject());
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550002").then().statusCode(202);
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("failed", ended.path("status").asText());
        assertEquals("busy", ended.path("end_reason").asText());
    }

    @Test
    void theCarrierRefusingTheDialAnswers502AndNothingRings() {
        Org org = Org.withAgent(new JsonObject());
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550003").then().statusCode(502)
                .body("error.code", equalTo("CALL_DISPATCH_FAILED"));
        assertTrue(TestDatabase.query("SELECT id FROM runtime_calls WHERE id = ?", call).isEmpty());
        teardown(call, org.id()).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void aSilentLineStaysConnectedUntilTornDownAndATeardownOfAnEndedCallIsHarmless() {
        Org org = Org.withAgent(new JsonObject());
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550004").then().statusCode(202);
        JsonNode answered = await(events, RuntimeCallAnswered.TYPE, call);
        assertFalse(answered.path("answered_at").isNull());
        teardown(call, org.id()).then().statusCode(200).body("call_id", equalTo(call.toString()))
                .body("teardown_ok", equalTo(true));
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("completed", ended.path("status").asText());
        assertEquals("hangup_requested", ended.path("end_reason").asText());
        assertEquals(answered.path("answered_at").asText(), ended.path("answered_at").asText());
        teardown(call, org.id()).then().statusCode(200).body("teardown_ok", equalTo(true));
        assertEquals(1, RuntimeApi.count(events, RuntimeCallEnded.TYPE, call, Duration.ofMillis(300)));
    }

    @Test
    void theMediaLayerRefusingTeardownKeepsTheCallConnected() {
        Org org = Org.withAgent(new JsonObject());
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550005").then().statusCode(202);
        await(events, RuntimeCallAnswered.TYPE, call);
        teardown(call, org.id()).then().statusCode(502).body("error.code", equalTo("TEARDOWN_FAILED"));
        assertEquals(0, RuntimeApi.count(events, RuntimeCallEnded.TYPE, call, Duration.ofMillis(300)));
        assertEquals("connected", TestDatabase.query("SELECT state FROM runtime_calls WHERE id = ?", call).get(0)
                .get("state"));
        // The call goes on until its silence timeout (30 seconds by default).
        clock.advance(Duration.ofSeconds(31));
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("silence_timeout", ended.path("end_reason").asText());
        assertEquals("completed", ended.path("status").asText());
    }

    @Test
    void aVoicemailGreetingIsHungUpOnByDefaultWhenDetected() {
        Org org = Org.withAgent(new JsonObject().put("enableVoicemailDetection", true));
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550006").then().statusCode(202);
        await(events, RuntimeCallAnswered.TYPE, call);
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("completed", ended.path("status").asText());
        assertEquals("voicemail", ended.path("end_reason").asText());
        assertEquals(1, ended.path("transcript").size());
        assertEquals("user", ended.path("transcript").path(0).path("role").asText());
    }

    @Test
    void aDetectedVoicemailGetsTheAgentsMessageWhenTheActionIsLeaveMessage() {
        Org org = Org.withAgent(new JsonObject().put("enableVoicemailDetection", true)
                .put("voicemailAction", "LEAVE_MESSAGE")
                .put("voicemailTemplate", "Hi {{first_name}}, this is the clinic. Please call us back."));
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550006", java.util.Map.of("first_name", "Noa"))
                .then().statusCode(202);
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("voicemail", ended.path("end_reason").asText());
        assertEquals("assistant", ended.path("transcript").path(1).path("role").asText());
        assertEquals("Hi Noa, this is the clinic. Please call us back.",
                ended.path("transcript").path(1).path("text").asText());
    }

    @Test
    void withoutVoicemailDetectionTheAgentGreetsTheBoxWhichThenHangsUp() {
        Org org = Org.withAgent(new JsonObject().put("greeting", "Hello from the clinic."));
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550006").then().statusCode(202);
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("caller_hung_up", ended.path("end_reason").asText());
        assertEquals("Hello from the clinic.", ended.path("transcript").path(1).path("text").asText());
    }

    @Test
    void aPersonAnswersTalksLeavesALeadAndTheCallIsRecorded() throws Exception {
        Org org = Org.withAgent(new JsonObject().put("greeting", "Hello {{first_name}}, this is Bright Smiles.")
                .put("dynamicVariables", new JsonObject().put("first_name", new JsonObject().put("default", "there"))));
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550123").then().statusCode(202);
        JsonNode answered = await(events, RuntimeCallAnswered.TYPE, call);
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("completed", ended.path("status").asText());
        assertEquals("agent_ended", ended.path("end_reason").asText());
        assertEquals(answered.path("answered_at").asText(), ended.path("answered_at").asText());

        List<String> said = new ArrayList<>();
        ended.path("transcript").forEach(entry -> said.add(entry.path("role").asText() + ": "
                + entry.path("text").asText()));
        assertEquals("assistant: Hello there, this is Bright Smiles.", said.get(0));
        assertEquals("user: What are your opening hours?", said.get(3));
        assertTrue(said.get(4).startsWith("assistant: I'm sorry, I don't have that information"), said.get(4));
        assertTrue(said.get(6).contains("+14155550142"), said.get(6));
        assertEquals("assistant: Thank you for calling. Goodbye!", said.get(said.size() - 1));
        Instant previous = Instant.MIN;
        for (JsonNode entry : ended.path("transcript")) {
            Instant at = Instant.parse(entry.path("timestamp").asText());
            assertFalse(at.isBefore(previous), "turns are in order");
            previous = at;
        }

        int duration = ended.path("duration").asInt();
        assertTrue(duration >= 1, "answered time is billed: " + duration);
        assertEquals(new java.math.BigDecimal("0.0015").multiply(java.math.BigDecimal.valueOf(duration))
                .setScale(4).doubleValue(), ended.path("cost").asDouble(), 1e-9);
        assertTrue(ended.path("summary").asText().contains("Lead taken: Dana Levi, +14155550142"),
                ended.path("summary").asText());
        assertTrue(ended.path("summary").asText().contains("What are your opening hours?"));

        assertTrue(ended.path("recording_available").asBoolean());
        byte[] wav = RuntimeApi.asCalls(org.id()).get("/internal/recordings/" + call).then().statusCode(200)
                .contentType("audio/wav").extract().asByteArray();
        ByteBuffer header = ByteBuffer.wrap(wav).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals("RIFF", new String(wav, 0, 4, StandardCharsets.US_ASCII));
        assertEquals(wav.length - 8, header.getInt(4));
        assertEquals("WAVE", new String(wav, 8, 4, StandardCharsets.US_ASCII));
        assertEquals(1, header.getShort(20), "PCM");
        assertEquals(1, header.getShort(22), "mono");
        assertEquals(8000, header.getInt(24));
        assertEquals(16, header.getShort(34));
        assertEquals(duration * 8000 * 2, header.getInt(40), "as long as the call");
        assertTrue(hasSound(wav), "the turns are rendered as tones");
        RuntimeApi.asCalls(UUID.randomUUID()).get("/internal/recordings/" + call).then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));

        List<LeadsStandIn.Report> leads = awaitLeads(call);
        JsonObject lead = leads.get(0).body();
        assertEquals(org.id().toString(), leads.get(0).organization());
        assertEquals(org.id().toString(), lead.getString("organization_id"));
        assertEquals(org.agent().toString(), lead.getString("agent_id"));
        assertEquals("Dana Levi", lead.getString("name"));
        assertEquals("+14155550142", lead.getString("phone"));
    }

    @Test
    void aCallWithoutRecordingKeepsNone() {
        Org org = Org.withAgent(new JsonObject().put("recordingEnabled", false).put("enableLeadCapture", false));
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550124").then().statusCode(202);
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertFalse(ended.path("recording_available").asBoolean());
        RuntimeApi.asCalls(org.id()).get("/internal/recordings/" + call).then().statusCode(404);
        assertTrue(LeadsStandIn.reportsOf(call.toString()).isEmpty(), "lead capture is off");
    }

    @Test
    void aCallIdDialledAgainDialsNothing() {
        Org org = Org.withAgent(new JsonObject());
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550004").then().statusCode(202);
        dial(call, org.id(), org.agent(), "+14155550004").then().statusCode(202)
                .body("call_id", equalTo(call.toString())).body("accepted", equalTo(true));
        await(events, RuntimeCallAnswered.TYPE, call);
        teardown(call, org.id()).then().statusCode(200);
        await(events, RuntimeCallEnded.TYPE, call);
        assertEquals(1, RuntimeApi.count(events, RuntimeCallAnswered.TYPE, call, Duration.ofMillis(300)));
        assertEquals(1, TestDatabase.query("SELECT id FROM runtime_calls WHERE id = ?", call).size());
        dial(call, UUID.randomUUID(), org.agent(), "+14155550004").then().statusCode(409)
                .body("error.code", equalTo("CONFLICT"));
    }

    @Test
    void aTeardownOfACallTheRuntimeNeverHadOrOfAnotherOrganizationIsNotFound() {
        teardown(UUID.randomUUID(), UUID.randomUUID()).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        RuntimeApi.asCalls(UUID.randomUUID()).post("/internal/calls/not-a-uuid/teardown").then().statusCode(404);
        Org org = Org.withAgent(new JsonObject());
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550004").then().statusCode(202);
        teardown(call, UUID.randomUUID()).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        teardown(call, org.id()).then().statusCode(200);
    }

    @Test
    void aDialIsReadStrictly() {
        UUID organization = UUID.randomUUID();
        RuntimeApi.asCalls(organization).contentType("application/json").body(java.util.Map.of("to", "4155550123"))
                .post("/internal/calls/dial").then().statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"));
        RuntimeApi.asCalls(organization).contentType("application/json")
                .body(RuntimeApi.dialBody(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), "+14155550123",
                        java.util.Map.of()))
                .post("/internal/calls/dial").then().statusCode(400)
                .body("error.fields[0].field", equalTo("organization_id"));
        java.util.Map<String, Object> unknown = new java.util.HashMap<>(RuntimeApi.dialBody(UUID.randomUUID(),
                organization, UUID.randomUUID(), "+14155550123", java.util.Map.of()));
        unknown.put("priority", "high");
        RuntimeApi.asCalls(organization).contentType("application/json").body(unknown)
                .post("/internal/calls/dial").then().statusCode(400).body("error.code", equalTo("UNKNOWN_FIELD"));
        RuntimeApi.asCalls(organization).contentType("application/json").body("[1]")
                .post("/internal/calls/dial").then().statusCode(400).body("error.code", equalTo("INVALID_REQUEST"));
    }

    private static List<LeadsStandIn.Report> awaitLeads(UUID call) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (LeadsStandIn.reportsOf(call.toString()).isEmpty() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        List<LeadsStandIn.Report> reports = LeadsStandIn.reportsOf(call.toString());
        assertFalse(reports.isEmpty(), "the lead reached the leads service");
        return reports;
    }

    private static boolean hasSound(byte[] wav) {
        ByteBuffer samples = ByteBuffer.wrap(wav, 44, wav.length - 44).order(ByteOrder.LITTLE_ENDIAN);
        while (samples.remaining() >= 2) {
            if (Math.abs(samples.getShort()) > 1000) {
                return true;
            }
        }
        return false;
    }
}
