package dev.voiceplatform.gateway.policy;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
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

/** The idempotency store unreachable: requests with a key fail closed, requests without one still go through. */
@QuarkusTest
@TestProfile(IdempotencyStoreDownTest.RecordsUnreachable.class)
class IdempotencyStoreDownTest {

    public static class RecordsUnreachable implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.datasource.\"idempotency\".reactive.url", ClosedPort.postgresUrl());
        }
    }

    @BeforeEach
    void stub() {
        UpstreamStub.start();
        UpstreamStub.reset();
    }

    @Test
    void aRequestWithAKeyGets503IdempotencyUnavailableAndIsNotRun() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        given().header("Authorization", "Bearer " + key.key()).header("Service-Version", "2026-08-06")
                .header("Idempotency-Key", "down-1").contentType("application/json").body("{\"name\":\"a\"}")
                .post("/v1/agents")
                .then().statusCode(503)
                .header("RateLimit-Policy", "\"hour\";q=10000;w=3600, \"day\";q=100000;w=86400")
                .body("error.code", equalTo("IDEMPOTENCY_UNAVAILABLE"))
                .body("error.hint", equalTo("Retry shortly with the same Idempotency-Key."));
        assertFalse(UpstreamStub.received());
    }

    @Test
    void aRequestWithoutAKeyIsForwarded() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        given().header("Authorization", "Bearer " + key.key()).contentType("application/json").body("{\"name\":\"a\"}")
                .post("/v1/agents")
                .then().statusCode(200);
        assertEquals("{\"name\":\"a\"}", UpstreamStub.next().bodyText());
    }
}
