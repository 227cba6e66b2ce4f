package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.anonymous;
import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;

import org.junit.jupiter.api.Test;

/** Part 9: the dated Service-Version header, resolved before authentication and echoed on every answer. */
class VersioningTest {

    private static final String CURRENT = "2026-08-06";
    private static final String DATE = "\\d{4}-\\d{2}-\\d{2}";

    @Test
    void aPinnedVersionIsEchoed() {
        withKey(E2ePlatform.get().apiKey())
                .header("Service-Version", CURRENT)
                .get("/me")
                .then().statusCode(200).header("Service-Version", CURRENT);
    }

    @Test
    void withoutTheHeaderTheAnswerNamesTheVersionItWasPinnedTo() {
        withKey(E2ePlatform.get().apiKey())
                .get("/me")
                .then().statusCode(200).header("Service-Version", matchesPattern(DATE));
    }

    @Test
    void aValueThatIsNotADateIsInvalidApiVersionEvenBeforeAuthentication() {
        anonymous()
                .header("Service-Version", "latest")
                .get("/me")
                .then().statusCode(400)
                .body("error.code", equalTo("INVALID_API_VERSION"))
                .body("error.message", notNullValue());
    }

    @Test
    void aDateThatIsNotServedIsUnsupportedApiVersionListingTheServedOnes() {
        withKey(E2ePlatform.get().apiKey())
                .header("Service-Version", "2001-01-01")
                .get("/me")
                .then().statusCode(400)
                .body("error.code", equalTo("UNSUPPORTED_API_VERSION"))
                .body("error.details.toString()", containsString(CURRENT));
    }

    @Test
    void aRefusedKeyStillCarriesTheResolvedVersion() {
        anonymous()
                .header("Service-Version", CURRENT)
                .get("/me")
                .then().statusCode(401).header("Service-Version", CURRENT);
    }
}
