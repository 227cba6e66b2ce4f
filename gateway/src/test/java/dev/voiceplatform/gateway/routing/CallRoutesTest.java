package dev.voiceplatform.gateway.routing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.CallsServiceStandIn;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The calls routes: forwarded to the calls service under their scopes, the recording link without a key. */
@QuarkusTest
class CallRoutesTest {

    private static final String CURRENT = "2026-08-06";

    @AfterEach
    void callsServiceAnswersAgain() {
        CallsServiceStandIn.failing(false);
    }

    @Test
    void eachCallsRouteNeedsItsScopeAndReachesTheCallsService() {
        Admin.Key reader = Admin.keyFor("pro", "calls:read", "agents:read");
        String id = UUID.randomUUID().toString();
        for (String path : List.of("/calls", "/calls/" + id, "/agents/" + id + "/stats", "/agents/" + id + "/usage",
                "/agents/" + id + "/usage/daily")) {
            given().header("Authorization", "Bearer " + reader.key()).header("Service-Version", CURRENT)
                    .get("/v1" + path).then().statusCode(200).body("path", equalTo(path));
            List<CallsServiceStandIn.Received> received = CallsServiceStandIn.received(path);
            CallsServiceStandIn.Received last = received.get(received.size() - 1);
            assertEquals(reader.organizationId(), last.claims().getString("org"));
            assertEquals("calls", last.claims().getString("aud"));
        }
        given().header("Authorization", "Bearer " + reader.key()).header("Service-Version", CURRENT)
                .contentType("application/json").body("{}").post("/v1/calls").then().statusCode(403)
                .body("error.code", equalTo("INSUFFICIENT_SCOPE"))
                .body("error.details.required_scope", equalTo("calls:write"));
        given().header("Authorization", "Bearer " + reader.key()).header("Service-Version", CURRENT)
                .post("/v1/calls/" + id + "/hangup").then().statusCode(403)
                .body("error.details.required_scope", equalTo("calls:control"));
        Admin.Key caller = Admin.keyFor("pro", "calls:write", "calls:control");
        given().header("Authorization", "Bearer " + caller.key()).header("Service-Version", CURRENT)
                .post("/v1/calls/" + id + "/hangup").then().statusCode(200);
        given().header("Authorization", "Bearer " + caller.key()).header("Service-Version", CURRENT)
                .get("/v1/agents/" + id + "/stats").then().statusCode(403)
                .body("error.details.required_scope", equalTo("agents:read"));
    }

    @Test
    void theRecordingLinkIsServedWithoutAKeyAndCarriesItsQuery() {
        String id = UUID.randomUUID().toString();
        String query = "expires=1900000000&signature=abc123";
        byte[] wav = given().header("Service-Version", CURRENT).get("/v1/calls/" + id + "/recording?" + query)
                .then().statusCode(200).header("Content-Type", "audio/wav").header("RateLimit", nullValue())
                .extract().asByteArray();
        assertEquals("RIFF-stand-in", new String(wav, java.nio.charset.StandardCharsets.US_ASCII));
        List<CallsServiceStandIn.Received> received = CallsServiceStandIn.received("/calls/" + id + "/recording");
        assertEquals("/calls/" + id + "/recording?" + query, received.get(0).uri());
        // The gateway's own token: no key, so no organization and no scopes.
        assertEquals("gateway", received.get(0).claims().getString("sub"));
        assertNull(received.get(0).claims().getString("org"));
        // Still versioned: a version that is no date is refused before anything is forwarded.
        given().header("Service-Version", "latest").get("/v1/calls/" + id + "/recording?" + query).then()
                .statusCode(400);
        assertEquals(1, CallsServiceStandIn.received("/calls/" + id + "/recording").size());
        // Other methods on the path are no route.
        given().header("Service-Version", CURRENT).post("/v1/calls/" + id + "/recording").then().statusCode(401);
    }
}
