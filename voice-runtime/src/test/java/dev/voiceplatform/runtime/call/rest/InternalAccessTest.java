package dev.voiceplatform.runtime.call.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.voiceplatform.runtime.RuntimeApi;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Only platform services (the internal group), with tokens addressed to the runtime, reach its endpoints. */
@QuarkusTest
class InternalAccessTest {

    private static final UUID ORGANIZATION = UUID.randomUUID();
    private static final Map<String, Object> DIAL = RuntimeApi.dialBody(UUID.randomUUID(), ORGANIZATION,
            UUID.randomUUID(), "+14155550004", Map.of());

    @Test
    void withoutATokenEveryEndpointIs401() {
        given().contentType(ContentType.JSON).body(DIAL).post("/internal/calls/dial").then().statusCode(401)
                .body("error.code", equalTo("NOT_AUTHENTICATED"));
        given().post("/internal/calls/" + UUID.randomUUID() + "/teardown").then().statusCode(401);
        given().get("/internal/recordings/" + UUID.randomUUID()).then().statusCode(401);
        given().contentType(ContentType.JSON).body(Map.of("from", "+14155550131", "to", "+12015550100"))
                .post("/internal/carrier/inbound").then().statusCode(401);
    }

    @Test
    void aKeysTokenWithoutTheInternalGroupIs403() {
        String bearer = TestTokens.forOrganization(ORGANIZATION).scopes("agents:read", "agents:write").bearer();
        given().header("Authorization", bearer).contentType(ContentType.JSON).body(DIAL)
                .post("/internal/calls/dial").then().statusCode(403);
        given().header("Authorization", bearer).post("/internal/calls/" + UUID.randomUUID() + "/teardown")
                .then().statusCode(403);
        given().header("Authorization", bearer).contentType(ContentType.JSON)
                .body(Map.of("from", "+14155550131", "to", "+12015550100"))
                .post("/internal/carrier/inbound").then().statusCode(403);
    }

    @Test
    void aTokenAddressedToAnotherServiceIs401() {
        given().header("Authorization", TestTokens.forOrganization(ORGANIZATION).audience("calls").bearer())
                .contentType(ContentType.JSON).body(DIAL).post("/internal/calls/dial").then().statusCode(401);
    }

    @Test
    void aServiceTokenWithoutAnOrganizationCannotDial() {
        given().header("Authorization", TestTokens.serviceBearer("calls")).contentType(ContentType.JSON).body(DIAL)
                .post("/internal/calls/dial").then().statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
    }
}
