package dev.voiceplatform.gateway.admin;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.CallsServiceStandIn;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The admin API over the calls service's do-not-call lists. */
@QuarkusTest
class DoNotCallAdminTest {

    @AfterEach
    void callsServiceAnswersAgain() {
        CallsServiceStandIn.failing(false);
    }

    @Test
    void numbersAreListedAddedAndRemovedForTheOrganization() {
        String organization = Admin.createOrganization("pro");
        String path = "/admin/organizations/" + organization + "/do-not-call";
        Admin.admin().contentType("application/json").body(Map.of("phone_number", "+14155550123", "reason", "letter"))
                .post(path).then().statusCode(201).body("phone_number", equalTo("+14155550123"))
                .body("source", equalTo("admin"));
        Admin.admin().queryParam("limit", 5).get(path).then().statusCode(200);
        Admin.admin().delete(path + "/+14155550123").then().statusCode(200);

        List<CallsServiceStandIn.Received> received = CallsServiceStandIn.received(
                "/internal/organizations/" + organization + "/do-not-call");
        assertEquals(List.of("POST", "GET", "DELETE"), received.stream().map(CallsServiceStandIn.Received::method)
                .toList());
        assertEquals("/internal/organizations/" + organization + "/do-not-call?limit=5", received.get(1).uri());
        assertEquals("/internal/organizations/" + organization + "/do-not-call/%2B14155550123",
                received.get(2).uri());
        received.forEach(request -> assertEquals(organization, request.claims().getString("org")));
    }

    @Test
    void anUnknownOrganizationIsNotFoundAndTheAdminTokenIsNeeded() {
        Admin.admin().get("/admin/organizations/" + UUID.randomUUID() + "/do-not-call").then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        String organization = Admin.createOrganization("pro");
        given().get("/admin/organizations/" + organization + "/do-not-call").then().statusCode(401);
    }

    @Test
    void aCallsServiceThatCannotAnswerIsServiceUnavailable() {
        String organization = Admin.createOrganization("pro");
        CallsServiceStandIn.failing(true);
        Admin.admin().get("/admin/organizations/" + organization + "/do-not-call").then().statusCode(503)
                .body("error.code", equalTo("SERVICE_UNAVAILABLE"));
    }
}
