package dev.voiceplatform.gateway.policy;

import static dev.voiceplatform.gateway.support.ClaimsLeftBeforeStart.BODY;
import static dev.voiceplatform.gateway.support.ClaimsLeftBeforeStart.KEY_OF_OTHER_REPLICA;
import static dev.voiceplatform.gateway.support.ClaimsLeftBeforeStart.KEY_OF_THIS_REPLICA;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.voiceplatform.common.idempotency.IdempotentCreates;
import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.ClaimsLeftBeforeStart;
import dev.voiceplatform.gateway.support.UpstreamStub;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A gateway replica killed mid-request and started again: the claims it left in flight are unknown as soon as it is
 * up, so a retry is forwarded at once (the service answers what it kept) instead of getting 409 until the in-flight
 * timeout; another replica's claim, which may be live, is left alone.
 */
@QuarkusTest
@TestProfile(ReplicaRestartTest.AfterAKill.class)
class ReplicaRestartTest {

    private static final String AGENT = "0199a000-0000-7000-8000-000000000001";
    private static final String CREATED = "{\"id\":\"" + AGENT + "\",\"name\":\"Front desk\"}";

    public static class AfterAKill implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(ClaimsLeftBeforeStart.class));
        }
    }

    @BeforeEach
    void stub() {
        UpstreamStub.start();
        UpstreamStub.reset();
        UpstreamStub.replyWith(201, Map.of("Content-Type", "application/json"), CREATED);
    }

    private static String stateOf(String idempotencyKey) {
        return (String) TestDatabase.query("SELECT state FROM idempotency_records WHERE idempotency_key = ?",
                idempotencyKey).get(0).get("state");
    }

    /** Scopes the claims left before start to a key of this run; the seeded API key id is only a placeholder. */
    private static Admin.Key keyOwningTheClaims() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        TestDatabase.update("UPDATE idempotency_records SET api_key_id = ?::uuid WHERE idempotency_key IN (?, ?)",
                key.id(), KEY_OF_THIS_REPLICA, KEY_OF_OTHER_REPLICA);
        return key;
    }

    private static RequestSpecification as(Admin.Key key, String idempotencyKey) {
        return given().header("Authorization", "Bearer " + key.key()).header("Service-Version", "2026-08-06")
                .header("Idempotency-Key", idempotencyKey).contentType("application/json");
    }

    @Test
    void itsOwnClaimIsUnknownAfterStartAndARetryIsForwardedAtOnce() {
        assertEquals("unknown", stateOf(KEY_OF_THIS_REPLICA));
        Admin.Key key = keyOwningTheClaims();

        // The service may have carried the first try out: another request under the key is not run.
        as(key, KEY_OF_THIS_REPLICA).body("{}").post("/v1/agents")
                .then().statusCode(422).body("error.code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        assertFalse(UpstreamStub.received());

        as(key, KEY_OF_THIS_REPLICA).body(BODY).post("/v1/agents")
                .then().statusCode(201).header("Idempotency-Replayed", nullValue()).body("id", equalTo(AGENT));
        UpstreamStub.Exchange forwarded = UpstreamStub.next();
        assertEquals(BODY, forwarded.bodyText());
        assertEquals(64, forwarded.header(IdempotentCreates.HEADER).length());
        assertEquals("completed", stateOf(KEY_OF_THIS_REPLICA));
    }

    @Test
    void anotherReplicasClaimStaysInFlight() {
        assertEquals("in_flight", stateOf(KEY_OF_OTHER_REPLICA));
        Admin.Key key = keyOwningTheClaims();

        as(key, KEY_OF_OTHER_REPLICA).body(BODY).post("/v1/agents")
                .then().statusCode(409).body("error.code", equalTo("IDEMPOTENCY_KEY_IN_FLIGHT"));
        assertFalse(UpstreamStub.received());
        assertEquals("in_flight", stateOf(KEY_OF_OTHER_REPLICA));
    }

    @Test
    void newClaimsNameThisReplica() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        as(key, "made-after-start").body(BODY).post("/v1/agents").then().statusCode(201);
        UpstreamStub.next();
        assertEquals(ClaimsLeftBeforeStart.THIS_REPLICA, TestDatabase.query(
                "SELECT replica_id FROM idempotency_records WHERE idempotency_key = 'made-after-start'")
                .get(0).get("replica_id"));
    }
}
