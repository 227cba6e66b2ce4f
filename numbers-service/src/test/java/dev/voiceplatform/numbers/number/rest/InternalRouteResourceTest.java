package dev.voiceplatform.numbers.number.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** GET /internal/routes/{e164}: where the voice runtime learns which agent takes a call to a number. */
@QuarkusTest
class InternalRouteResourceTest {

    @Inject
    InternalTokenIssuer tokens;

    private String runtimeBearer() {
        return "Bearer " + tokens.forService("runtime", "numbers", null);
    }

    @Test
    void aBoundNumberRoutesToItsOrganizationsAgentUntilItIsUnbound() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        String phone = BindTest.phoneOf(number);
        given().header("Authorization", runtimeBearer()).get("/internal/routes/" + phone).then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        String agent = api.newAgent();
        api.bind(agent, number).statusCode(200);
        given().header("Authorization", runtimeBearer()).get("/internal/routes/" + phone).then().statusCode(200)
                .body("phone_number", equalTo(phone))
                .body("organization_id", equalTo(api.organizationId().toString()))
                .body("agent_id", equalTo(agent));
        api.unbind(agent).statusCode(200);
        given().header("Authorization", runtimeBearer()).get("/internal/routes/" + phone).then().statusCode(404);
    }

    @Test
    void anUnknownNumberIsNotFoundAndOnlyPlatformServicesMayAsk() {
        given().header("Authorization", runtimeBearer()).get("/internal/routes/+14155550199").then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        given().header("Authorization", TestTokens.forOrganization(java.util.UUID.randomUUID())
                        .scopes("phone_numbers:read").bearer())
                .get("/internal/routes/+14155550199").then().statusCode(403);
        given().get("/internal/routes/+14155550199").then().statusCode(401);
    }
}
