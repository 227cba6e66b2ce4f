package dev.voiceplatform.gateway.policy;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.voiceplatform.common.idempotency.IdempotentCreates;
import dev.voiceplatform.gateway.keys.ApiKeySecrets;
import dev.voiceplatform.gateway.keys.CredentialCache;
import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.UpstreamStub;
import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Part 5, rule 11: Idempotency-Key on POST, PUT and PATCH. */
@QuarkusTest
class IdempotencyTest {

    private static final String CURRENT = "2026-08-06";
    private static final String AGENT = "0199a000-0000-7000-8000-000000000001";
    private static final String BODY = "{\"name\":\"Front desk\",\"prompt\":\"p\"}";
    private static final String CREATED = "{\"id\":\"" + AGENT + "\",\"name\":\"Front desk\"}";

    @Inject
    TestClock clock;

    @Inject
    CredentialCache credentials;

    @BeforeEach
    void stub() {
        UpstreamStub.start();
        UpstreamStub.reset();
        UpstreamStub.replyWith(201, Map.of("Content-Type", "application/json", "Location", "/v1/agents/" + AGENT,
                "ETag", "\"1\""), CREATED);
    }

    @AfterEach
    void resetClock() {
        clock.reset();
        UpstreamStub.releaseReplies();
    }

    private static RequestSpecification as(String key, String idempotencyKey) {
        return given().header("Authorization", "Bearer " + key).header("Service-Version", CURRENT)
                .header("Idempotency-Key", idempotencyKey).contentType("application/json");
    }

    private static RequestSpecification as(String key) {
        return given().header("Authorization", "Bearer " + key).header("Service-Version", CURRENT)
                .contentType("application/json");
    }

    private static String newKey() {
        return "idem-" + UUID.randomUUID();
    }

    @Test
    void aRetryOfA2xxIsReplayedWithoutReachingTheService() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String idempotencyKey = newKey();
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(201)
                .header("Idempotency-Replayed", nullValue())
                .body("id", equalTo(AGENT));
        UpstreamStub.Exchange first = UpstreamStub.next();
        assertEquals(BODY, first.bodyText());
        // The service gets the key the gateway derives for this request, never the caller's.
        assertNull(first.header("Idempotency-Key"));
        assertEquals(64, first.header(IdempotentCreates.HEADER).length());
        assertNotEquals(idempotencyKey, first.header(IdempotentCreates.HEADER));

        Response replay = as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(201)
                .header("Idempotency-Replayed", "true")
                .header("Location", "/v1/agents/" + AGENT)
                .header("ETag", "\"1\"")
                .header("Service-Version", CURRENT)
                .header("RateLimit", org.hamcrest.Matchers.notNullValue())
                .contentType("application/json")
                .extract().response();
        assertEquals(CREATED, replay.asString());
        assertFalse(UpstreamStub.received(), "a replay never reaches the service");
    }

    @Test
    void theKeyIsBoundToBodyPathQueryAndIfMatch() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String idempotencyKey = newKey();
        as(key.key(), idempotencyKey).header("If-Match", "1").body(BODY).patch("/v1/agents/{id}?x=1", AGENT)
                .then().statusCode(201);
        UpstreamStub.next();
        for (RequestSpecification other : new RequestSpecification[] {
                as(key.key(), idempotencyKey).header("If-Match", "1").body(BODY.replace("p", "q")),
                as(key.key(), idempotencyKey).header("If-Match", "2").body(BODY),
                as(key.key(), idempotencyKey).body(BODY) }) {
            other.patch("/v1/agents/{id}?x=1", AGENT)
                    .then().statusCode(422)
                    .body("error.code", equalTo("IDEMPOTENCY_KEY_REUSED"))
                    .body("error.hint", equalTo("Use a new Idempotency-Key for a different request."));
        }
        as(key.key(), idempotencyKey).header("If-Match", "1").body(BODY).patch("/v1/agents/{id}?x=2", AGENT)
                .then().statusCode(422).body("error.code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        as(key.key(), idempotencyKey).header("If-Match", "1").body(BODY)
                .patch("/v1/agents/{id}?x=1", "0199a000-0000-7000-8000-000000000002")
                .then().statusCode(422).body("error.code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        as(key.key(), idempotencyKey).header("If-Match", "1").body(BODY).patch("/v1/agents/{id}?x=1", AGENT)
                .then().statusCode(201).header("Idempotency-Replayed", "true");
        assertFalse(UpstreamStub.received());
    }

    @Test
    void theSameKeyStillRunningIsInFlight() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String idempotencyKey = newKey();
        UpstreamStub.holdReplies();
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(
                () -> as(key.key(), idempotencyKey).body(BODY).post("/v1/agents").statusCode());
        UpstreamStub.next();

        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(409)
                .body("error.code", equalTo("IDEMPOTENCY_KEY_IN_FLIGHT"));
        // Another request under the same key is refused as reused even while the first runs.
        as(key.key(), idempotencyKey).body("{}").post("/v1/agents")
                .then().statusCode(422)
                .body("error.code", equalTo("IDEMPOTENCY_KEY_REUSED"));

        UpstreamStub.releaseReplies();
        assertEquals(201, UpstreamStub.await(first));
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(201).header("Idempotency-Replayed", "true");
        assertFalse(UpstreamStub.received());
    }

    @Test
    void aClaimLeftInFlightIsTakenOverAfterTheTimeout() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String idempotencyKey = newKey();
        UpstreamStub.holdReplies();
        CompletableFuture<Integer> stuck = CompletableFuture.supplyAsync(
                () -> as(key.key(), idempotencyKey).body(BODY).post("/v1/agents").statusCode());
        UpstreamStub.next();
        clock.advance(Duration.ofMinutes(4));
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents").then().statusCode(409);

        clock.advance(Duration.ofMinutes(1));
        // Its gateway may have died after the service acted: only the same request takes the key over.
        as(key.key(), idempotencyKey).body("{}").post("/v1/agents")
                .then().statusCode(422).body("error.code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        CompletableFuture<Integer> retry = CompletableFuture.supplyAsync(
                () -> as(key.key(), idempotencyKey).body(BODY).post("/v1/agents").statusCode());
        assertEquals(BODY, UpstreamStub.next().bodyText());
        UpstreamStub.releaseReplies();
        assertEquals(201, UpstreamStub.await(retry));
        assertEquals(201, UpstreamStub.await(stuck));
    }

    @Test
    void aNon2xxAnswerIsNotKeptAndFreesTheKey() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String idempotencyKey = newKey();
        UpstreamStub.replyWith(402, Map.of("Content-Type", "application/json"),
                "{\"error\":{\"code\":\"AGENT_LIMIT_REACHED\",\"message\":\"limit\",\"hint\":\"h\"}}");
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(402).body("error.code", equalTo("AGENT_LIMIT_REACHED"));
        UpstreamStub.next();

        UpstreamStub.replyWith(201, Map.of("Content-Type", "application/json"), CREATED);
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(201).header("Idempotency-Replayed", nullValue());
        UpstreamStub.next();
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(201).header("Idempotency-Replayed", "true");
    }

    @Test
    void anUnreachableServiceFreesTheKey() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String idempotencyKey = newKey();
        UpstreamStub.stop();
        try {
            as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                    .then().statusCode(503).body("error.code", equalTo("SERVICE_UNAVAILABLE"));
        } finally {
            UpstreamStub.start();
        }
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(201).header("Idempotency-Replayed", nullValue());
        assertEquals(BODY, UpstreamStub.next().bodyText());
    }

    private static String stateOf(String idempotencyKey) {
        return (String) TestDatabase.query("SELECT state FROM idempotency_records WHERE idempotency_key = ?",
                idempotencyKey).get(0).get("state");
    }

    @Test
    void aServiceThatDiesBeforeAnsweringLeavesTheOutcomeUnknownAndTheSameRequestIsForwardedAgainThenReplayed() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String idempotencyKey = newKey();
        UpstreamStub.closeNextWithoutAnswer();
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(503)
                .body("error.code", equalTo("SERVICE_UNAVAILABLE"))
                .body("error.hint", containsString("same Idempotency-Key"));
        String serviceKey = UpstreamStub.next().header(IdempotentCreates.HEADER);
        assertEquals("unknown", stateOf(idempotencyKey));

        // The service may have carried it out: another request under the key is not run.
        as(key.key(), idempotencyKey).body("{}").post("/v1/agents")
                .then().statusCode(422).body("error.code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        assertFalse(UpstreamStub.received());

        // The retry reaches the service under the same key, so the service answers what it kept.
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(201).header("Idempotency-Replayed", nullValue()).body("id", equalTo(AGENT));
        assertEquals(serviceKey, UpstreamStub.next().header(IdempotentCreates.HEADER));
        assertEquals("completed", stateOf(idempotencyKey));

        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(201).header("Idempotency-Replayed", "true").body("id", equalTo(AGENT));
        assertFalse(UpstreamStub.received());
    }

    @Test
    void aRouteThatTimesOutLeavesTheOutcomeUnknown() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String idempotencyKey = newKey();
        UpstreamStub.leaveNextUnanswered();
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(503).body("error.code", equalTo("SERVICE_UNAVAILABLE"));
        UpstreamStub.next();
        assertEquals("unknown", stateOf(idempotencyKey));

        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(201).header("Idempotency-Replayed", nullValue());
        UpstreamStub.next();
    }

    @Test
    void anUnknownOutcomeBindsTheKeyForTheTwentyFourHoursOfItsFirstClaimOnly() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String idempotencyKey = newKey();
        UpstreamStub.closeNextWithoutAnswer();
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents").then().statusCode(503);
        UpstreamStub.next();
        UpstreamStub.closeNextWithoutAnswer();
        clock.advance(Duration.ofHours(23));
        // A retry that also goes unanswered keeps the window of the first claim.
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents").then().statusCode(503);
        UpstreamStub.next();
        clock.advance(Duration.ofHours(1).plusSeconds(60));
        as(key.key(), idempotencyKey).body("{}").post("/v1/agents")
                .then().statusCode(201).header("Idempotency-Replayed", nullValue());
        assertEquals("{}", UpstreamStub.next().bodyText());
    }

    @Test
    void theServiceKeyIsTheSameForTheSameRequestOnlyAndDiffersBetweenApiKeys() {
        String organizationId = Admin.createOrganization("pro");
        Admin.Key first = Admin.createKey(organizationId, "agents:write");
        Admin.Key second = Admin.createKey(organizationId, "agents:write");
        String idempotencyKey = newKey();
        as(first.key(), idempotencyKey).body(BODY).post("/v1/agents").then().statusCode(201);
        String ofFirst = UpstreamStub.next().header(IdempotentCreates.HEADER);
        as(second.key(), idempotencyKey).body(BODY).post("/v1/agents").then().statusCode(201);
        String ofSecond = UpstreamStub.next().header(IdempotentCreates.HEADER);
        as(first.key(), newKey()).body(BODY).post("/v1/agents").then().statusCode(201);
        String otherKey = UpstreamStub.next().header(IdempotentCreates.HEADER);

        assertNotEquals(ofFirst, ofSecond);
        assertNotEquals(ofFirst, otherKey);
        as(first.key()).body(BODY).post("/v1/agents").then().statusCode(201);
        assertNull(UpstreamStub.next().header(IdempotentCreates.HEADER), "no Idempotency-Key, no service key");
    }

    @Test
    void aReplayIsServedForTwentyFourHoursOnly() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String idempotencyKey = newKey();
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents").then().statusCode(201);
        UpstreamStub.next();
        // Margins of a minute: the test clock runs on real time, which a loaded machine spends freely.
        clock.advance(Duration.ofHours(24).minusSeconds(60));
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(201).header("Idempotency-Replayed", "true");
        clock.advance(Duration.ofSeconds(120));
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(201).header("Idempotency-Replayed", nullValue());
        UpstreamStub.next();
    }

    @Test
    void theKeyIsScopedToTheApiKey() {
        String organizationId = Admin.createOrganization("pro");
        Admin.Key first = Admin.createKey(organizationId, "agents:write");
        Admin.Key second = Admin.createKey(organizationId, "agents:write");
        String idempotencyKey = newKey();
        as(first.key(), idempotencyKey).body(BODY).post("/v1/agents").then().statusCode(201);
        UpstreamStub.next();
        as(second.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(201).header("Idempotency-Replayed", nullValue());
        UpstreamStub.next();
    }

    @Test
    void aKeyThatLostTheScopeGets403NotTheReplay() {
        Admin.Key key = Admin.keyFor("pro", "agents:write", "agents:read");
        String idempotencyKey = newKey();
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents").then().statusCode(201);
        UpstreamStub.next();
        // Scopes cannot be changed through any API; the row is edited to stand for a key that no longer holds it.
        TestDatabase.update("UPDATE api_keys SET scopes = '{agents:read}' WHERE id = ?::uuid", key.id());
        // The gateway hears of a change made in the database through the database's notice.
        Eventually.check(() -> assertNull(credentials.find(ApiKeySecrets.hash(key.key())),
                "the change notice reached the gateway"));
        as(key.key(), idempotencyKey).body(BODY).post("/v1/agents")
                .then().statusCode(403)
                .header("Idempotency-Replayed", nullValue())
                .body("error.code", equalTo("INSUFFICIENT_SCOPE"));
    }

    @Test
    void aKeyLongerThan255CharactersIsAValidationError() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        as(key.key(), "k".repeat(256)).body(BODY).post("/v1/agents")
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("Idempotency-Key"));
        as(key.key(), "k".repeat(255) ).body(BODY).post("/v1/agents").then().statusCode(201);
        UpstreamStub.next();
        assertFalse(UpstreamStub.received());
    }

    @Test
    void getAndDeleteIgnoreTheKey() {
        Admin.Key key = Admin.keyFor("pro", "agents:read", "agents:delete");
        String idempotencyKey = newKey();
        for (int i = 0; i < 2; i++) {
            as(key.key(), idempotencyKey).get("/v1/agents/{id}", AGENT).then().statusCode(201)
                    .header("Idempotency-Replayed", nullValue());
            UpstreamStub.next();
            as(key.key(), idempotencyKey).delete("/v1/agents/{id}", AGENT).then().statusCode(201)
                    .header("Idempotency-Replayed", nullValue());
            UpstreamStub.next();
        }
    }

    @Test
    void aMultipartRetryMustResendIdenticalBytes() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String idempotencyKey = newKey();
        String form = "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\nhello\r\n--b--\r\n";
        RequestSpecification upload = given().header("Authorization", "Bearer " + key.key())
                .header("Service-Version", CURRENT).header("Idempotency-Key", idempotencyKey)
                .contentType("multipart/form-data; boundary=b");
        upload.body(form.getBytes(StandardCharsets.UTF_8)).post("/v1/agents").then().statusCode(201);
        assertEquals(form, UpstreamStub.next().bodyText());
        upload.body(form.getBytes(StandardCharsets.UTF_8)).post("/v1/agents").then().statusCode(201)
                .header("Idempotency-Replayed", "true");
        upload.body(form.replace("hello", "hellO").getBytes(StandardCharsets.UTF_8)).post("/v1/agents")
                .then().statusCode(422).body("error.code", equalTo("IDEMPOTENCY_KEY_REUSED"));
    }

    @Test
    void anIdempotentBodyOverTheCapIsRefusedBeforeAClaimIsMade() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        String idempotencyKey = newKey();
        byte[] body = new byte[1024 * 1024 + 1];
        as(key.key(), idempotencyKey).contentType("multipart/form-data; boundary=b").body(body).post("/v1/agents")
                .then().statusCode(413).body("error.code", equalTo("BODY_TOO_LARGE"));
        assertEquals(0, TestDatabase.query("SELECT 1 FROM idempotency_records WHERE idempotency_key = ?",
                idempotencyKey).size());
        assertFalse(UpstreamStub.received());
    }
}
