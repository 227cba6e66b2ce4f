package dev.voiceplatform.agents.drafts.rest;

import static io.restassured.RestAssured.given;

import dev.voiceplatform.testing.TestTokens;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.UUID;

/** Calls of the drafting wizards as one key would make them through the gateway. */
final class DraftCalls {

    static final String WEBSITE = "/agents/drafts/from-website";
    static final String DESCRIPTION = "/agents/drafts/from-description";
    static final String QUESTIONNAIRE = "/agents/drafts/from-questionnaire";

    private final TestTokens tokens;

    private DraftCalls(TestTokens tokens) {
        this.tokens = tokens;
    }

    /** A new organization's key with agents:write. */
    static DraftCalls newKey() {
        return as(TestTokens.forOrganization(UUID.randomUUID()).scopes("agents:read", "agents:write"));
    }

    static DraftCalls as(TestTokens tokens) {
        return new DraftCalls(tokens);
    }

    TestTokens tokens() {
        return tokens;
    }

    ValidatableResponse post(String path, Object body) {
        return given().header("Authorization", tokens.bearer()).contentType(ContentType.JSON).body(body)
                .post(path).then();
    }
}
