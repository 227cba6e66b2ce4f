package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.anonymous;
import static dev.voiceplatform.e2e.Gateway.unpinned;
import static dev.voiceplatform.e2e.Gateway.unpinnedWithKey;
import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import org.junit.jupiter.api.Test;

/** Part 9: the dated Service-Version header, resolved before authentication and echoed on every answer. */
class VersioningTest {

    private static final String CURRENT = "2026-08-06";
    private static final String OLDEST = "2026-01-01";
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
        unpinnedWithKey(E2ePlatform.get().apiKey())
                .get("/me")
                .then().statusCode(200).header("Service-Version", matchesPattern(DATE));
    }

    @Test
    void withoutTheHeaderGatewayErrorsTakeTheOldestFlatForm() {
        unpinned()
                .get("/me")
                .then().statusCode(401)
                .header("Service-Version", OLDEST)
                .body("code", equalTo("MISSING_API_KEY"))
                .body("error", equalTo("No API key was sent"));
    }

    @Test
    void aServiceErrorIsFlatForTheOldestVersionAndTheEnvelopeForTheCurrent() {
        String key = E2ePlatform.get().apiKey();
        String unknownAgent = "0199a000-0000-7000-8000-00000000abcd";
        unpinnedWithKey(key)
                .get("/agents/{id}", unknownAgent)
                .then().statusCode(404)
                .header("Service-Version", OLDEST)
                .body("code", equalTo("NOT_FOUND"))
                .body("error", not(emptyOrNullString()));
        withKey(key)
                .get("/agents/{id}", unknownAgent)
                .then().statusCode(404)
                .header("Service-Version", CURRENT)
                .body("error.code", equalTo("NOT_FOUND"))
                .body("error.hint", not(emptyOrNullString()));
    }

    @Test
    void aValueThatIsNotADateIsInvalidApiVersionEvenBeforeAuthentication() {
        anonymous()
                .header("Service-Version", "latest")
                .get("/me")
                .then().statusCode(400)
                // Nothing could be pinned: the answer names, and takes the flat error form of, the oldest version.
                .header("Service-Version", OLDEST)
                .body("code", equalTo("INVALID_API_VERSION"))
                .body("error", notNullValue());
    }

    @Test
    void aDateThatIsNotServedIsUnsupportedApiVersionListingTheServedOnes() {
        withKey(E2ePlatform.get().apiKey())
                .header("Service-Version", "2001-01-01")
                .get("/me")
                .then().statusCode(400)
                .header("Service-Version", OLDEST)
                .body("code", equalTo("UNSUPPORTED_API_VERSION"))
                .body("details.toString()", containsString(CURRENT));
    }

    @Test
    void aRefusedKeyStillCarriesTheResolvedVersion() {
        anonymous()
                .header("Service-Version", CURRENT)
                .get("/me")
                .then().statusCode(401).header("Service-Version", CURRENT);
    }
}
