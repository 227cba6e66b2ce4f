package dev.voiceplatform.numbers.number.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AccessTest {

    @Test
    void readingNeedsPhoneNumbersReadAndEverythingElsePhoneNumbersWrite() {
        NumberApi owner = NumberApi.newOrganization();
        String number = owner.acquireNumber();
        String agent = owner.newAgent();
        NumberApi reader = NumberApi.as(TestTokens.forOrganization(owner.organizationId()).scopes("phone_numbers:read"));
        reader.list().statusCode(200).body("data.size()", equalTo(1));
        reader.acquire("US").statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        reader.bind(agent, number).statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        reader.unbind(agent).statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        NumberApi writer = NumberApi.as(TestTokens.forOrganization(owner.organizationId()).scopes("phone_numbers:write"));
        writer.list().statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        writer.bind(agent, number).statusCode(200);
    }

    @Test
    void withoutATokenNothingAnswers() {
        given().get("/phone-numbers").then().statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
        given().contentType("application/json").body("{\"country\":\"US\"}").post("/phone-numbers").then()
                .statusCode(401);
    }

    @Test
    void aResellerKeyReadsButCannotAcquireBindOrUnbind() {
        NumberApi reseller = NumberApi.as(TestTokens.forOrganization(UUID.randomUUID()).reseller()
                .scopes(NumberApi.NUMBER_SCOPES));
        String agent = reseller.newAgent();
        reseller.list().statusCode(200);
        reseller.acquire("US").statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        reseller.bind(agent, UUID.randomUUID().toString()).statusCode(403)
                .body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        reseller.unbind(agent).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        assertEquals(0, AcquireTest.heldBy(reseller.organizationId()).size());
    }
}
