package dev.voiceplatform.gateway.routing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.CallsServiceStandIn;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** GET /me's daily_calls_used is the calls service's count of the key's calls today. */
@QuarkusTest
class MeDailyCallsTest {

    @AfterEach
    void callsServiceAnswersAgain() {
        CallsServiceStandIn.failing(false);
    }

    @Test
    void theKeysCallsOfTheDayComeFromTheCallsService() {
        Admin.Key key = Admin.keyFor("pro", "calls:write");
        CallsServiceStandIn.used(key.id(), 7);
        given().header("Authorization", "Bearer " + key.key()).get("/v1/me").then().statusCode(200)
                .body("daily_call_limit", equalTo(50))
                .body("daily_calls_used", equalTo(7));
        List<CallsServiceStandIn.Received> asked = CallsServiceStandIn.received("/internal/keys/" + key.id());
        assertEquals(key.organizationId(), asked.get(asked.size() - 1).claims().getString("org"));
        assertEquals("gateway", asked.get(asked.size() - 1).claims().getString("sub"));
    }

    @Test
    void whenTheCallsServiceCannotAnswerMeIsQuotaUnavailable() {
        Admin.Key key = Admin.keyFor("pro", "calls:write");
        CallsServiceStandIn.failing(true);
        given().header("Authorization", "Bearer " + key.key()).header("Service-Version", "2026-08-06")
                .get("/v1/me").then().statusCode(503).body("error.code", equalTo("QUOTA_UNAVAILABLE"));
    }
}
