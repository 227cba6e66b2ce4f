package dev.voiceplatform.calls.internal;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.voiceplatform.calls.call.rest.CallApi;
import dev.voiceplatform.common.security.InternalTokenIssuer;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The do-not-call list of an organization, as the gateway's admin API reaches it. */
@QuarkusTest
class DoNotCallListTest {

    @Inject
    InternalTokenIssuer tokens;

    private RequestSpecification as(UUID organizationId) {
        return given().header("Authorization", "Bearer " + tokens.forService("gateway", "calls", organizationId))
                .contentType(ContentType.JSON);
    }

    @Test
    void numbersAreAddedListedAndRemovedAndAListedNumberIsNotCalled() {
        CallApi api = CallApi.newOrganization();
        UUID org = api.organizationId();
        String path = "/internal/organizations/" + org + "/do-not-call";
        String number = CallApi.freshNumber();
        as(org).body(Map.of("phone_number", number.substring(2), "reason", "asked by letter")).post(path).then()
                .statusCode(201).body("phone_number", equalTo(number)).body("source", equalTo("admin"))
                .body("reason", equalTo("asked by letter"));
        as(org).body(Map.of("phone_number", number)).post(path).then().statusCode(200)
                .body("reason", equalTo("asked by letter"));
        as(org).get(path).then().statusCode(200).body("data.phone_number", equalTo(java.util.List.of(number)))
                .body("pagination.total", equalTo(1));
        api.place(api.call(number)).statusCode(403).body("error.code", equalTo("NUMBER_BLOCKED"));

        as(org).delete(path + "/" + number).then().statusCode(200).body("deleted", equalTo(true));
        as(org).delete(path + "/" + number).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        api.place(api.call(number)).statusCode(201);
    }

    @Test
    void anInvalidNumberIsNamedAndAnotherOrganizationIsNotFound() {
        UUID org = UUID.randomUUID();
        String path = "/internal/organizations/" + org + "/do-not-call";
        as(org).body(Map.of("phone_number", "nope")).post(path).then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR")).body("error.fields[0].field", equalTo("phone_number"));
        as(UUID.randomUUID()).get(path).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        as(org).get("/internal/organizations/not-a-uuid/do-not-call").then().statusCode(404);
    }
}
