package dev.voiceplatform.gateway.policy;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.ClosedPort;
import dev.voiceplatform.gateway.support.UpstreamStub;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The counter store unreachable: every request fails closed, while keys are still looked up. */
@QuarkusTest
@TestProfile(RateLimitStoreDownTest.CountersUnreachable.class)
class RateLimitStoreDownTest {

    public static class CountersUnreachable implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.datasource.\"rate-limits\".reactive.url", ClosedPort.postgresUrl());
        }
    }

    @BeforeEach
    void stub() {
        UpstreamStub.start();
        UpstreamStub.reset();
    }

    @Test
    void aKnownKeyGets503RateLimitUnavailableAndNothingIsForwarded() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        given().header("Authorization", "Bearer " + key.key()).header("Service-Version", "2026-08-06")
                .get("/v1/agents")
                .then().statusCode(503)
                .header("Service-Version", "2026-08-06")
                .header("RateLimit", nullValue())
                .body("error.code", equalTo("RATE_LIMIT_UNAVAILABLE"))
                .body("error.hint", equalTo("Retry shortly."));
        given().header("Authorization", "Bearer " + key.key()).get("/v1/me")
                .then().statusCode(503)
                .body("code", equalTo("RATE_LIMIT_UNAVAILABLE"));
        assertFalse(UpstreamStub.received());
    }

    @Test
    void keyLookupStillWorks() {
        given().header("Authorization", "Bearer svc_live_" + "Q".repeat(32)).header("Service-Version", "2026-08-06")
                .get("/v1/me")
                .then().statusCode(401)
                .body("error.code", equalTo("INVALID_API_KEY"));
    }
}
