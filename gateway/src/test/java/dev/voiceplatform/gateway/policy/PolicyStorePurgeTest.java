package dev.voiceplatform.gateway.policy;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.gateway.PolicyStorePurge;
import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.UpstreamStub;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Old windows and expired idempotency records leave the store. */
@QuarkusTest
class PolicyStorePurgeTest {

    @Inject
    TestClock clock;

    @Inject
    PolicyStorePurge purge;

    @BeforeEach
    void stub() {
        UpstreamStub.start();
        UpstreamStub.reset();
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private static long rows(String table, String keyId) {
        return (Long) TestDatabase.query("SELECT count(*) AS n FROM " + table + " WHERE api_key_id = ?::uuid", keyId)
                .get(0).get("n");
    }

    @Test
    void keysOfPastDaysAndAnswersPastTheirWindowArePurged() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        given().header("X-API-Key", key.key()).header("Idempotency-Key", "purge-1").contentType("application/json")
                .body("{}").post("/v1/agents").then().statusCode(200);
        purge.purge().await().indefinitely();
        assertEquals(1, rows("rate_limit_counters", key.id()));
        assertEquals(1, rows("idempotency_records", key.id()));

        clock.advance(Duration.ofDays(1).plusMinutes(1));
        purge.purge().await().indefinitely();
        assertEquals(0, rows("rate_limit_counters", key.id()));
        assertEquals(0, rows("idempotency_records", key.id()));
    }
}
