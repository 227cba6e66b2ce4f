package dev.voiceplatform.calls;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The service accepts an internal token only from the platform's issuer, addressed to it by its manifest name
 * ({@code calls}) and valid for at most 60 seconds; anything else is 401 NOT_AUTHENTICATED in the envelope.
 */
@QuarkusTest
class InternalTokenChecksTest {

    private static TestTokens reader() {
        return TestTokens.forOrganization(UUID.randomUUID()).scopes("calls:read");
    }

    private static void refused(TestTokens tokens) {
        given().header("Authorization", tokens.bearer()).get("/calls").then()
                .statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
    }

    @Test
    void aTokenAddressedToThisServiceForSixtySecondsIsAccepted() {
        given().header("Authorization", reader().audience("calls").lifetime(Duration.ofSeconds(60)).bearer())
                .get("/calls").then().statusCode(200);
    }

    @Test
    void aTokenAddressedToAnotherServiceNoneLivingTooLongOrOfAnotherIssuerIsRefused() {
        refused(reader().audience("agents"));
        refused(reader().withoutAudience());
        refused(reader().lifetime(Duration.ofMinutes(2)));
        refused(reader().issuer("someone-else"));
    }

    @Test
    void withoutATokenOnlyTheRecordingLinkIsReachable() {
        given().get("/calls").then().statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
        given().get("/calls/" + UUID.randomUUID() + "/recording?expires=1&signature=00").then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
    }
}
