package dev.voiceplatform.calls.internal;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.voiceplatform.calls.call.rest.CallApi;
import dev.voiceplatform.common.security.InternalTokenIssuer;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The gateway reads a key's calls of the day for GET /me (contract 8). */
@QuarkusTest
class DailyCallsTest {

    @Inject
    InternalTokenIssuer tokens;

    @Test
    void aKeysCallsOfTheUtcDayAreCounted() {
        CallApi api = CallApi.newOrganization();
        api.placeCall();
        api.placeCall();
        given().header("Authorization", "Bearer " + tokens.forService("gateway", "calls", api.organizationId()))
                .get("/internal/keys/" + api.keyId() + "/daily-calls").then().statusCode(200)
                .body("key_id", equalTo(api.keyId()))
                .body("day", equalTo(LocalDate.now(ZoneOffset.UTC).toString()))
                .body("used", equalTo(2))
                .body("limit", equalTo(50));
        // Asked for another organization, the key has placed nothing there.
        given().header("Authorization", "Bearer " + tokens.forService("gateway", "calls", UUID.randomUUID()))
                .get("/internal/keys/" + api.keyId() + "/daily-calls").then().statusCode(200)
                .body("used", equalTo(0));
        api.request().get("/internal/keys/" + api.keyId() + "/daily-calls").then().statusCode(403);
    }
}
