package dev.voiceplatform.leads;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.voiceplatform.common.security.VerifiedTokens;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.jwt.auth.principal.JWTParser;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The service accepts an internal token only from the platform's issuer, addressed to it by its manifest name
 * ({@code leads}) and valid for at most 60 seconds; anything else is 401 NOT_AUTHENTICATED in the envelope.
 */
@QuarkusTest
class InternalTokenChecksTest {

    private static TestTokens reader() {
        return TestTokens.forOrganization(UUID.randomUUID()).scopes("leads:read");
    }

    private static void refused(TestTokens tokens) {
        given().header("Authorization", tokens.bearer()).get("/leads").then()
                .statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
    }

    @Test
    void aTokenAddressedToThisServiceForSixtySecondsIsAccepted() {
        given().header("Authorization", reader().audience("leads").lifetime(Duration.ofSeconds(60)).bearer())
                .get("/leads").then().statusCode(200);
    }

    @Inject
    JWTParser parser;

    @Test
    void requestsAreAuthenticatedByTheParserThatRemembersVerifiedTokens() {
        assertInstanceOf(VerifiedTokens.class, parser);
        String bearer = reader().bearer();
        given().header("Authorization", bearer).get("/leads").then().statusCode(200);
        given().header("Authorization", bearer).get("/leads").then().statusCode(200);
        // A refused token is refused again: nothing about it was remembered.
        String foreign = reader().audience("agents").bearer();
        for (int attempt = 0; attempt < 2; attempt++) {
            given().header("Authorization", foreign).get("/leads").then()
                    .statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
        }
    }

    @Test
    void aTokenAddressedToAnotherServiceIsRefused() {
        refused(reader().audience("agents"));
    }

    @Test
    void aTokenAddressedToNoServiceIsRefused() {
        refused(reader().withoutAudience());
    }

    @Test
    void aTokenLivingTwoMinutesIsRefused() {
        refused(reader().lifetime(Duration.ofMinutes(2)));
    }

    @Test
    void aTokenOfAnotherIssuerIsRefused() {
        refused(reader().issuer("someone-else"));
    }
}
