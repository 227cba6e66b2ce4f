package dev.voiceplatform.numbers.number.rest;

import static io.restassured.RestAssured.given;

import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.TestTokens;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import java.util.UUID;

/** Calls of the numbers API as one organization's key would make them through the gateway. */
final class NumberApi {

    static final String[] NUMBER_SCOPES = {"phone_numbers:read", "phone_numbers:write"};

    private final TestTokens tokens;

    private NumberApi(TestTokens tokens) {
        this.tokens = tokens;
    }

    /** An organization on a paid plan (standard tier) with an active account. */
    static NumberApi newOrganization() {
        return as(TestTokens.forOrganization(UUID.randomUUID()).scopes(NUMBER_SCOPES));
    }

    static NumberApi as(TestTokens tokens) {
        return new NumberApi(tokens);
    }

    UUID organizationId() {
        return tokens.tenant().organizationId();
    }

    RequestSpecification request() {
        return given().header("Authorization", tokens.bearer()).contentType(ContentType.JSON);
    }

    /** A new agent of this organization, known to the agents service. */
    String newAgent() {
        UUID agent = UUID.randomUUID();
        AgentsServiceStandIn.register(organizationId(), agent, false);
        return agent.toString();
    }

    /** A new tester agent of this organization. */
    String newTester() {
        UUID agent = UUID.randomUUID();
        AgentsServiceStandIn.register(organizationId(), agent, true);
        return agent.toString();
    }

    ValidatableResponse acquire(Object body) {
        return request().body(body).post("/phone-numbers").then();
    }

    ValidatableResponse acquire(String country) {
        return acquire(Map.of("country", country));
    }

    /** Acquires a US number and returns its id. */
    String acquireNumber() {
        return acquire("US").statusCode(201).extract().path("id");
    }

    ValidatableResponse list() {
        return request().get("/phone-numbers").then();
    }

    ValidatableResponse bind(String agentId, Object body) {
        return request().body(body).post("/agents/" + agentId + "/phone-number").then();
    }

    ValidatableResponse bind(String agentId, String phoneNumberId) {
        return bind(agentId, Map.of("phone_number_id", phoneNumberId));
    }

    ValidatableResponse unbind(String agentId) {
        return request().delete("/agents/" + agentId + "/phone-number").then();
    }

    ValidatableResponse retire(String agentId) {
        return request().post("/internal/agents/" + agentId + "/retire").then();
    }
}
