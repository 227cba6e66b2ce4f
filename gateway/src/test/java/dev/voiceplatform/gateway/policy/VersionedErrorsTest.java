package dev.voiceplatform.gateway.policy;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.UpstreamStub;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * 2026-08-06 moved errors from {@code {error:<message>, code}} to the envelope of part 7. A request without
 * Service-Version is pinned to the oldest version and gets the flat form, from the gateway and the services alike.
 */
@QuarkusTest
class VersionedErrorsTest {

    private static final String ENVELOPE = "{\"error\":{\"code\":\"VERSION_CONFLICT\",\"message\":\"stale\","
            + "\"hint\":\"reread\",\"details\":{\"current_version\":4}}}";

    @BeforeEach
    void stub() {
        UpstreamStub.start();
        UpstreamStub.reset();
    }

    @Test
    void gatewayErrorsAreFlatWithoutAVersionAndEnvelopedWhenPinned() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        given().get("/v1/me")
                .then().statusCode(401)
                .contentType("application/json")
                .body("error", equalTo("No API key was sent"))
                .body("code", equalTo("MISSING_API_KEY"))
                .body("$", not(hasKey("hint")));
        given().header("Service-Version", "2026-08-06").get("/v1/me")
                .then().statusCode(401)
                .body("error.code", equalTo("MISSING_API_KEY"))
                .body("error.message", equalTo("No API key was sent"));
        given().header("X-API-Key", key.key()).get("/v1/nothing")
                .then().statusCode(404)
                .body("error", equalTo("No such route"))
                .body("code", equalTo("NOT_FOUND"));
        given().header("X-API-Key", key.key()).header("Service-Version", "2026-01-01").post("/v1/agents")
                .then().statusCode(403)
                .body("code", equalTo("INSUFFICIENT_SCOPE"))
                .body("details.required_scope", equalTo("agents:write"));
    }

    @Test
    void aServiceErrorIsFlattenedForTheOldestVersion() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        UpstreamStub.replyWith(412, Map.of("Content-Type", "application/json", "X-Upstream-Trace", "t-1"), ENVELOPE);
        given().header("X-API-Key", key.key()).contentType("application/json").body("{}")
                .patch("/v1/agents/{id}", "0199a000-0000-7000-8000-000000000001")
                .then().statusCode(412)
                .header("Service-Version", "2026-01-01")
                .header("X-Upstream-Trace", "t-1")
                .contentType("application/json")
                .body("error", equalTo("stale"))
                .body("code", equalTo("VERSION_CONFLICT"))
                .body("details.current_version", equalTo(4));
    }

    @Test
    void aServiceErrorPassesUntouchedForTheCurrentVersion() {
        Admin.Key key = Admin.keyFor("pro", "agents:write");
        UpstreamStub.replyWith(412, Map.of("Content-Type", "application/json"), ENVELOPE);
        String body = given().header("X-API-Key", key.key()).header("Service-Version", "2026-08-06")
                .contentType("application/json").body("{}")
                .patch("/v1/agents/{id}", "0199a000-0000-7000-8000-000000000001")
                .then().statusCode(412).extract().asString();
        assertEquals(ENVELOPE, body);
    }

    @Test
    void successAndNonJsonErrorsAreTheSameInEveryVersion() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        UpstreamStub.replyWith(502, Map.of("Content-Type", "text/plain"), "bad gateway upstream");
        assertEquals("bad gateway upstream", given().header("X-API-Key", key.key()).get("/v1/agents")
                .then().statusCode(502).extract().asString());
        UpstreamStub.replyWith(200, Map.of("Content-Type", "application/json"), "{\"error\":{\"code\":\"X\"}}");
        assertEquals("{\"error\":{\"code\":\"X\"}}", given().header("X-API-Key", key.key()).get("/v1/agents")
                .then().statusCode(200).extract().asString());
    }
}
