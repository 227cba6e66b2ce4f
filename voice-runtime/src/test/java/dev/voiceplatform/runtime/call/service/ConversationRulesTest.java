package dev.voiceplatform.runtime.call.service;

import static dev.voiceplatform.runtime.RuntimeApi.await;
import static dev.voiceplatform.runtime.RuntimeApi.dial;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.events.RuntimeAgentError;
import dev.voiceplatform.common.events.RuntimeCallAnswered;
import dev.voiceplatform.common.events.RuntimeCallEnded;
import dev.voiceplatform.common.events.RuntimeDoNotCallRequested;
import dev.voiceplatform.runtime.AgentsStandIn;
import dev.voiceplatform.runtime.LeadsStandIn;
import dev.voiceplatform.runtime.RuntimeApi;
import dev.voiceplatform.runtime.RuntimeApi.Org;
import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** How the agent's settings shape a call: who speaks first, limits, silence, do-not-call requests, leads. */
@QuarkusTest
class ConversationRulesTest {

    private static KafkaEvents events;

    @Inject
    TestClock clock;

    @Inject
    LiveCalls live;

    @BeforeAll
    static void readEvents() {
        events = RuntimeApi.events();
    }

    @AfterAll
    static void stopReading() {
        events.close();
    }

    @Test
    void theGreetingTakesTheCallsMetadataThenTheDefaultsAndDropsUnknownVariables() {
        Org org = Org.withAgent(new JsonObject()
                .put("greeting", "Hi {{first_name}} from {{city}}, about {{topic}}{{nothing}}!")
                .put("dynamicVariables", new JsonObject()
                        .put("city", new JsonObject().put("default", "Haifa"))
                        .put("first_name", new JsonObject().put("default", "friend"))));
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550004", Map.of("first_name", "Noa", "topic", "teeth"))
                .then().statusCode(202);
        await(events, RuntimeCallAnswered.TYPE, call);
        // The greeting is spoken on the carrier's next step after the answer; hang up once it has been.
        Eventually.check(() -> assertTrue(!live.transcriptOf(call).isEmpty()));
        RuntimeApi.teardown(call, org.id()).then().statusCode(200);
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("Hi Noa from Haifa, about teeth!", ended.path("transcript").path(0).path("text").asText());
    }

    @Test
    void whenTheAgentDoesNotSpeakFirstTheCallerDoes() {
        Org org = Org.withAgent(new JsonObject().put("agentSpeaksFirst", false).put("greeting", "Clinic, hello."));
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550125").then().statusCode(202);
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("user", ended.path("transcript").path(0).path("role").asText());
        assertEquals("Clinic, hello.", ended.path("transcript").path(1).path("text").asText());
        assertEquals("agent_ended", ended.path("end_reason").asText());
    }

    @Test
    void withoutCallEndingTheAgentSaysGoodbyeAndTheCallerHangsUp() {
        Org org = Org.withAgent(new JsonObject().put("allowCallEnding", false));
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550126").then().statusCode(202);
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("caller_hung_up", ended.path("end_reason").asText());
        assertEquals("completed", ended.path("status").asText());
    }

    @Test
    void aCallEndsAtItsMaximumDuration() {
        Org org = Org.withAgent(new JsonObject().put("maxCallDurationSeconds", 60)
                .put("enableSilenceDetection", false));
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550004").then().statusCode(202);
        await(events, RuntimeCallAnswered.TYPE, call);
        clock.advance(Duration.ofSeconds(61));
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("max_duration", ended.path("end_reason").asText());
        assertEquals("completed", ended.path("status").asText());
        int duration = ended.path("duration").asInt();
        assertTrue(duration >= 61 && duration <= 70, "billed up to the limit: " + duration);
        assertEquals(duration * 0.0015, ended.path("cost").asDouble(), 1e-9);
    }

    @Test
    void theAgentPromptsAfterSilenceThenEndsAtTheSilenceTimeout() {
        Org org = Org.withAgent(new JsonObject().put("silencePromptSeconds", 5).put("silenceTimeoutSeconds", 20)
                .put("silencePromptMessage", "Hello, are you there?")
                .put("silenceGoodbyeMessage", "I will hang up now."));
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550004").then().statusCode(202);
        await(events, RuntimeCallAnswered.TYPE, call);
        clock.advance(Duration.ofSeconds(6));
        Eventually.check(() -> assertTrue(live.transcriptOf(call).stream()
                .anyMatch(entry -> entry.text().equals("Hello, are you there?"))));
        clock.advance(Duration.ofSeconds(15));
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("silence_timeout", ended.path("end_reason").asText());
        JsonNode transcript = ended.path("transcript");
        assertEquals("I will hang up now.", transcript.path(transcript.size() - 1).path("text").asText());
    }

    @Test
    void withoutSilenceDetectionASilentCallWaitsForTheHangUp() {
        Org org = Org.withAgent(new JsonObject().put("enableSilenceDetection", false));
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550004").then().statusCode(202);
        await(events, RuntimeCallAnswered.TYPE, call);
        clock.advance(Duration.ofMinutes(5));
        assertEquals(0, RuntimeApi.count(events, RuntimeCallEnded.TYPE, call, Duration.ofMillis(300)));
        RuntimeApi.teardown(call, org.id()).then().statusCode(200);
        assertEquals("hangup_requested", await(events, RuntimeCallEnded.TYPE, call).path("end_reason").asText());
    }

    @Test
    void aCallerAskingNotToBeCalledAgainIsReportedAndTheAgentEndsPolitely() {
        Org org = Org.withAgent(new JsonObject());
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550007").then().statusCode(202);
        JsonNode request = await(events, RuntimeDoNotCallRequested.TYPE, call);
        assertEquals("+14155550007", request.path("phone_number").asText());
        assertEquals("Please don't call me again.", request.path("utterance").asText());
        assertEquals(org.agent().toString(), request.path("agent_id").asText());
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("agent_ended", ended.path("end_reason").asText());
        JsonNode transcript = ended.path("transcript");
        assertEquals("I understand. We will not call you again. Goodbye.",
                transcript.path(transcript.size() - 1).path("text").asText());
        assertTrue(ended.path("summary").asText().contains("asked not to be called again"));
    }

    @Test
    void aCallerAskingInHebrewIsUnderstoodAndAnsweredInHebrew() {
        Org org = Org.withAgent(new JsonObject().put("language", "he"));
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+972535550008").then().statusCode(202);
        JsonNode request = await(events, RuntimeDoNotCallRequested.TYPE, call);
        assertEquals("אל תתקשרו אליי יותר.", request.path("utterance").asText());
        JsonNode transcript = await(events, RuntimeCallEnded.TYPE, call).path("transcript");
        assertEquals("הבנתי, לא נתקשר אליך שוב. להתראות.", transcript.path(transcript.size() - 1).path("text").asText());
    }

    @Test
    void aRealtimeLeadIsReportedDuringTheCallAndRetriedUntilTheLeadsServiceTakesIt() {
        LeadsStandIn.failNext(2);
        Org org = Org.withAgent(new JsonObject().put("leadCaptureMethod", "realtime"));
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550127").then().statusCode(202);
        await(events, RuntimeCallEnded.TYPE, call);
        Eventually.check(() -> assertEquals(3, LeadsStandIn.reportsOf(call.toString()).size()));
        LeadsStandIn.reportsOf(call.toString()).forEach(report -> {
            assertEquals("Dana Levi", report.body().getString("name"));
            assertEquals(call.toString(), report.body().getString("call_id"));
        });
    }

    @Test
    void anAgentWhoseSettingsCannotBeReadIsReportedAndTheCallFails() {
        Org org = Org.withAgent(new JsonObject());
        AgentsStandIn.forget(org.id(), org.agent());
        UUID call = UUID.randomUUID();
        dial(call, org.id(), org.agent(), "+14155550128").then().statusCode(202);
        await(events, RuntimeCallAnswered.TYPE, call);
        JsonNode error = await(events, RuntimeAgentError.TYPE, call);
        assertEquals("agent_settings_unavailable", error.path("error_code").asText());
        JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
        assertEquals("failed", ended.path("status").asText());
        assertEquals("agent_unavailable", ended.path("end_reason").asText());
        assertFalse(ended.path("recording_available").asBoolean());
        assertFalse(Instant.parse(ended.path("ended_at").asText())
                .isBefore(Instant.parse(ended.path("answered_at").asText())));
    }
}
