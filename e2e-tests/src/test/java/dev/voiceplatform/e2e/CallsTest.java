package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.KafkaEvents;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Calls through the gateway on the whole platform (parts 2.5, 3.2, 4.3): the calls service keeps the records and
 * rules, the voice runtime's local carrier plays the telephone network by the test numbers of the README, and the
 * outcomes come back as events. Every test uses its own organization, so the per-key and per-organization budgets of
 * one test never meet another's.
 */
class CallsTest {

    /** The longest a simulated call takes on the local carrier's default pace, with room for a busy machine. */
    private static final Duration CALL_OUTCOME = Duration.ofSeconds(90);

    @Test
    void aCallToAnOrdinaryNumberIsAnsweredTalksCapturesALeadAndEndsWithTranscriptSummaryCostAndRecording()
            throws Exception {
        String key = TestOrganization.create("e2e-calls").fullKey();
        String agent = publishedAgent(key, "Front desk");
        int usedBefore = withKey(key).get("/me").then().statusCode(200).extract().path("daily_calls_used");

        try (KafkaEvents calls = new KafkaEvents(E2ePlatform.get().kafkaBootstrap(), "calls.events");
                KafkaEvents leads = new KafkaEvents(E2ePlatform.get().kafkaBootstrap(), "leads.events")) {
            String id = withKey(key).body(Map.of("to", "+1 415 555 0199", "agent_id", agent,
                            "metadata", Map.of("customer_name", "Dana")))
                    .post("/calls").then().statusCode(201)
                    .header("Location", startsWith("/v1/calls/"))
                    .body("status", equalTo("initiating"))
                    .body("to", equalTo("+14155550199"))
                    .body("agent_id", equalTo(agent))
                    .extract().path("id");

            JsonPath ended = awaitCall(key, id, call -> "completed".equals(call.getString("status")));
            assertEquals("outbound", ended.getString("direction"));
            assertEquals("+14155550199", ended.getString("caller"), "for an outbound call the caller is the number dialled");
            assertEquals(agent, ended.getString("agent.id"));
            assertEquals("Front desk", ended.getString("agent.name"));
            assertTrue(ended.getInt("duration") > 0);
            assertTrue(ended.getDouble("cost") > 0);
            assertTrue(!ended.getString("summary").isBlank());
            assertEquals("Dana", ended.getString("metadata.customer_name"));
            List<Map<String, Object>> transcript = ended.getList("transcript");
            assertTrue(transcript.size() >= 4, "greeting, question, answer, name and number, goodbye: " + transcript);
            assertTrue(transcript.stream().anyMatch(turn -> "user".equals(turn.get("role"))));
            assertTrue(transcript.stream().anyMatch(turn -> "assistant".equals(turn.get("role"))));
            assertTrue(transcript.stream().allMatch(turn -> turn.get("timestamp") != null));

            String recording = ended.getString("recording_url");
            assertTrue(recording.startsWith(E2ePlatform.get().baseUrl() + "/calls/" + id + "/recording"), recording);
            Response audio = RestAssured.given().get(recording);
            assertEquals(200, audio.statusCode());
            assertTrue(audio.contentType().startsWith("audio/wav"), audio.contentType());
            byte[] wav = audio.asByteArray();
            assertArrayEquals("RIFF".getBytes(StandardCharsets.US_ASCII), Arrays.copyOfRange(wav, 0, 4));
            assertArrayEquals("WAVE".getBytes(StandardCharsets.US_ASCII), Arrays.copyOfRange(wav, 8, 12));
            // A link is fetched the way a browser or a media player does: no key and no Service-Version header, so
            // an error answers in the oldest served version's flat form.
            RestAssured.given().get(recording.replaceAll("signature=[0-9a-f]", "signature=x"))
                    .then().statusCode(404).body("code", equalTo("NOT_FOUND"));
            RestAssured.given().get(recording.replaceAll("expires=\\d+", "expires=4102444800"))
                    .then().statusCode(404).body("code", equalTo("NOT_FOUND"));

            withKey(key).get("/calls?agent_id={agent}&status=completed", agent).then().statusCode(200)
                    .body("data.id", org.hamcrest.Matchers.hasItem(id))
                    .body("data[0]", not(hasKey("transcript")))
                    .body("pagination.total", greaterThanOrEqualTo(1));
            withKey(key).get("/me").then().body("daily_calls_used", equalTo(usedBefore + 1));
            withKey(key).get("/agents/{id}/stats", agent).then().statusCode(200)
                    .body("stats.totalCalls", equalTo(1))
                    .body("stats.completedCalls", equalTo(1))
                    .body("stats.totalDuration", equalTo(ended.getInt("duration")));

            assertEquals("outbound", calls.await(KafkaEvents.ofType("call.started", id), CALL_OUTCOME)
                    .data().path("direction").asText());
            KafkaEvents.ReceivedEvent callEnded = calls.await(KafkaEvents.ofType("call.ended", id), CALL_OUTCOME);
            assertEquals("completed", callEnded.data().path("status").asText());
            assertEquals(id, callEnded.data().path("call_id").asText());
            assertTrue(callEnded.data().path("transcript").size() >= 4);
            KafkaEvents.ReceivedEvent lead = leads.await(event -> "lead.created".equals(event.type())
                    && id.equals(event.data().path("lead").path("call_id").asText()), CALL_OUTCOME);
            assertTrue(lead.data().path("lead").path("phone").asText().startsWith("+"));
        }
    }

    @Test
    void theTestNumbersEndAsTheCarrierTableSays() {
        String key = TestOrganization.create("e2e-call-lines").fullKey();
        String agent = publishedAgent(key, "Line tester");

        String missed = place(key, agent, "+14155550001");
        String busy = place(key, agent, "+14155550002");
        JsonPath refused = withKey(key).body(Map.of("to", "+14155550003", "agent_id", agent)).post("/calls")
                .then().statusCode(502).body("error.code", equalTo("CALL_DISPATCH_FAILED"))
                .body("error.details.call_id", notNullValue()).extract().jsonPath();
        String silent = place(key, agent, "+14155550004");
        String stuck = place(key, agent, "+14155550005");
        String voicemail = place(key, agent, "+14155550006");

        awaitCall(key, missed, call -> "missed".equals(call.getString("status")));
        awaitCall(key, busy, call -> "failed".equals(call.getString("status")));
        withKey(key).get("/calls/{id}", refused.getString("error.details.call_id")).then().statusCode(200)
                .body("status", equalTo("failed"));
        awaitCall(key, voicemail, call -> isFinal(call.getString("status")));

        awaitCall(key, silent, call -> "in_progress".equals(call.getString("status")));
        withKey(key).post("/calls/{id}/hangup", silent).then().statusCode(200)
                .body("id", equalTo(silent)).body("status", equalTo("completed")).body("teardown_ok", equalTo(true));
        awaitCall(key, silent, call -> "completed".equals(call.getString("status")));

        awaitCall(key, stuck, call -> "in_progress".equals(call.getString("status")));
        withKey(key).post("/calls/{id}/hangup", stuck).then().statusCode(502)
                .body("error.code", equalTo("TEARDOWN_FAILED"));

        withKey(key).get("/calls?status=missed").then().statusCode(200).body("data.id", equalTo(List.of(missed)));
    }

    @Test
    void placingACallRefusesBadNumbersUnusableAgentsBlockedNumbersAndDuplicates() throws Exception {
        TestOrganization organization = TestOrganization.create("e2e-call-rules");
        String key = organization.fullKey();
        String agent = publishedAgent(key, "Rules");
        String draft = withKey(key).body(Map.of("name", "Draft", "prompt", "You answer the phone."))
                .post("/agents").then().statusCode(201).extract().path("id");
        String otherAgent = publishedAgent(TestOrganization.create("e2e-call-rules-other").fullKey(), "Other");

        withKey(key).body(Map.of("to", "not a number", "agent_id", agent)).post("/calls").then().statusCode(400)
                .body("error.code", equalTo("INVALID_PHONE"));
        for (String unusable : List.of(otherAgent, "not-a-uuid", "0195a2b0-0000-7000-8000-000000000000")) {
            withKey(key).body(Map.of("to", "+14155550150", "agent_id", unusable)).post("/calls").then().statusCode(400)
                    .body("error.code", equalTo("AGENT_NOT_FOUND"));
        }
        withKey(key).body(Map.of("to", "+14155550150", "agent_id", draft)).post("/calls").then().statusCode(409)
                .body("error.code", equalTo("AGENT_NOT_PUBLISHED"));

        Gateway.admin().body(Map.of("phone_number", "+14155550151", "reason", "asked by letter"))
                .post("/admin/organizations/{id}/do-not-call", organization.id()).then().statusCode(201);
        withKey(key).body(Map.of("to", "+1 415 555 0151", "agent_id", agent)).post("/calls").then().statusCode(403)
                .body("error.code", equalTo("NUMBER_BLOCKED"));

        // Twenty identical requests at once dial once; the others name the call that was placed.
        ExecutorService pool = Executors.newFixedThreadPool(20);
        try {
            List<Callable<Response>> requests = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                requests.add(() -> withKey(key).body(Map.of("to", "+14155550152", "agent_id", agent)).post("/calls"));
            }
            List<Response> answers = new ArrayList<>();
            for (Future<Response> answer : pool.invokeAll(requests)) {
                answers.add(answer.get());
            }
            List<Response> placed = answers.stream().filter(answer -> answer.statusCode() == 201).toList();
            assertEquals(1, placed.size(), "exactly one dial");
            String id = placed.get(0).path("id");
            for (Response answer : answers) {
                if (answer.statusCode() != 201) {
                    assertEquals(409, answer.statusCode(), answer.asString());
                    assertEquals("DUPLICATE_CALL", answer.path("error.code"));
                    assertEquals(id, answer.path("error.details.existing_call_id"));
                }
            }
            withKey(key).get("/calls?agent_id={agent}", agent).then()
                    .body("data.findAll { it.caller == '+14155550152' }.size()", equalTo(1));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aCallToTheOrganizationsBoundNumberReachesItsAgent() {
        String key = TestOrganization.create("e2e-call-in").fullKey();
        String agent = publishedAgent(key, "Reception");
        String numberId = withKey(key).body(Map.of("country", "US")).post("/phone-numbers").then().statusCode(201)
                .extract().path("id");
        String number = withKey(key).body(Map.of("phone_number_id", numberId))
                .post("/agents/{id}/phone-number", agent).then().statusCode(200).extract().path("phone_number");

        // Once bound, the agent's outbound calls come from its number (the callee; the caller is the number dialled).
        Eventually.check(() -> withKey(key).get("/agents/{id}", agent).then().body("phone_number", equalTo(number)));
        String outbound = place(key, agent, "+14155550191");
        withKey(key).get("/calls/{id}", outbound).then().statusCode(200)
                .body("caller", equalTo("+14155550191")).body("callee", equalTo(number));

        List<String> output = E2ePlatform.get().script("call-in", "--from", "+14155550177", "--to", number);

        String answered = String.join("\n", output);
        JsonPath inbound = awaitList(key, "/calls?direction=inbound", list -> list.getList("data").size() == 1);
        String id = inbound.getString("data[0].id");
        assertTrue(answered.contains(id), "call-in prints the call it delivered: " + answered);
        JsonPath ended = awaitCall(key, id, call -> "completed".equals(call.getString("status")));
        assertEquals("inbound", ended.getString("direction"));
        assertEquals("+14155550177", ended.getString("caller"));
        assertEquals(number, ended.getString("callee"));
        assertEquals(agent, ended.getString("agent.id"));

        // Part 3.1: after unpublish, inbound calls still reach a bound number.
        withKey(key).post("/agents/{id}/unpublish", agent).then().statusCode(200);
        E2ePlatform.get().script("call-in", "--from", "+14155550178", "--to", number);
        JsonPath both = awaitList(key, "/calls?direction=inbound", list -> list.getList("data").size() == 2);
        awaitCall(key, both.getString("data[0].id"), call -> "completed".equals(call.getString("status")));
        withKey(key).delete("/agents/{id}/phone-number", agent).then().statusCode(200);
    }

    @Test
    void anotherOrganizationNeitherSeesNorHangsUpNorReadsTheStatsOfCalls() {
        String ownerKey = TestOrganization.create("e2e-calls-owner").fullKey();
        String otherKey = TestOrganization.create("e2e-calls-other").fullKey();
        String agent = publishedAgent(ownerKey, "Owner");
        String id = place(ownerKey, agent, "+14155550004");

        withKey(otherKey).get("/calls/{id}", id).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        withKey(otherKey).post("/calls/{id}/hangup", id).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        withKey(otherKey).get("/calls").then().statusCode(200).body("data.size()", equalTo(0));
        withKey(otherKey).get("/agents/{id}/stats", agent).then().statusCode(404);
        withKey(otherKey).get("/agents/{id}/usage", agent).then().statusCode(404);
        withKey(otherKey).get("/calls/{id}", "not-a-uuid").then().statusCode(404);

        awaitCall(ownerKey, id, call -> "in_progress".equals(call.getString("status")));
        withKey(ownerKey).post("/calls/{id}/hangup", id).then().statusCode(200).body("teardown_ok", equalTo(true));
        withKey(ownerKey).get("/agents/{id}/usage/daily", agent).then().statusCode(200);
    }

    @Test
    void placingAndHangingUpNeedTheirScopes() {
        TestOrganization organization = TestOrganization.create("e2e-calls-scopes");
        String reader = organization.createKey(List.of("calls:read")).key();
        withKey(reader).get("/calls").then().statusCode(200);
        withKey(reader).body(Map.of("to", "+14155550150", "agent_id", "0195a2b0-0000-7000-8000-000000000000"))
                .post("/calls").then().statusCode(403)
                .body("error.code", equalTo("INSUFFICIENT_SCOPE"))
                .body("error.details.required_scope", equalTo("calls:write"));
        withKey(reader).post("/calls/{id}/hangup", "0195a2b0-0000-7000-8000-000000000000").then().statusCode(403)
                .body("error.details.required_scope", equalTo("calls:control"));
    }

    private static String publishedAgent(String key, String name) {
        String id = withKey(key).body(Map.of("name", name, "prompt", "You answer the phone for a dental practice.",
                        "greeting", "Hello {{customer_name}}, this is the front desk."))
                .post("/agents").then().statusCode(201).extract().path("id");
        withKey(key).post("/agents/{id}/publish", id).then().statusCode(200);
        return id;
    }

    private static String place(String key, String agent, String to) {
        return withKey(key).body(Map.of("to", to, "agent_id", agent)).post("/calls").then().statusCode(201)
                .body("status", equalTo("initiating")).extract().path("id");
    }

    private static boolean isFinal(String status) {
        return List.of("completed", "missed", "failed").contains(status);
    }

    private static JsonPath awaitCall(String key, String id, Predicate<JsonPath> done) {
        return awaitList(key, "/calls/" + id, done);
    }

    /** Reads a path until the answer satisfies {@code done}; the simulated calls take seconds of real time. */
    private static JsonPath awaitList(String key, String path, Predicate<JsonPath> done) {
        long deadline = System.nanoTime() + CALL_OUTCOME.toNanos();
        JsonPath last = null;
        while (System.nanoTime() < deadline) {
            Response answer = withKey(key).get(path);
            if (answer.statusCode() == 200) {
                last = answer.jsonPath();
                if (done.test(last)) {
                    return last;
                }
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError(path + " did not reach the expected state in " + CALL_OUTCOME + "; last: "
                + (last == null ? "none" : last.prettify()));
    }
}
