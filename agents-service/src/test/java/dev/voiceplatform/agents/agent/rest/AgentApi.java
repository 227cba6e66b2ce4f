package dev.voiceplatform.agents.agent.rest;

import static io.restassured.RestAssured.given;

import dev.voiceplatform.testing.TestTokens;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import java.util.UUID;

/** Calls of the agents API as one organization's key would make them through the gateway. */
public final class AgentApi {

    public static final String[] ALL_AGENT_SCOPES = {"agents:read", "agents:write", "agents:delete", "agents:test"};

    private final TestTokens tokens;

    private AgentApi(TestTokens tokens) {
        this.tokens = tokens;
    }

    public static AgentApi newOrganization() {
        return as(TestTokens.forOrganization(UUID.randomUUID()).scopes(ALL_AGENT_SCOPES));
    }

    public static AgentApi as(TestTokens tokens) {
        return new AgentApi(tokens);
    }

    /** The same organization with another plan limit. */
    AgentApi withMaxAgents(int maxAgents) {
        return new AgentApi(tokens.maxAgents(maxAgents));
    }

    public TestTokens tokens() {
        return tokens;
    }

    public UUID organizationId() {
        return tokens.tenant().organizationId();
    }

    public RequestSpecification request() {
        return given().header("Authorization", tokens.bearer()).contentType(ContentType.JSON);
    }

    public ValidatableResponse create(Map<String, ?> body) {
        return request().body(body).post("/agents").then();
    }

    /** Creates a valid agent and returns its id. */
    public String createAgent(String name) {
        return create(Map.of("name", name, "prompt", "You answer calls for a bakery."))
                .statusCode(201).extract().path("id");
    }

    ValidatableResponse get(String id) {
        return request().get("/agents/" + id).then();
    }

    /** The live agent's version, from the ETag of GET /agents/:id. */
    public int version(String id) {
        return Integer.parseInt(get(id).statusCode(200).extract().header("ETag").replace("\"", ""));
    }

    ValidatableResponse patch(String id, Map<String, ?> body) {
        return request().body(body).patch("/agents/" + id).then();
    }

    public ValidatableResponse publish(String id) {
        return request().post("/agents/" + id + "/publish").then();
    }

    ValidatableResponse unpublish(String id) {
        return request().post("/agents/" + id + "/unpublish").then();
    }

    public ValidatableResponse delete(String id) {
        return request().delete("/agents/" + id).then();
    }

    ValidatableResponse duplicate(String id) {
        return request().post("/agents/" + id + "/duplicate").then();
    }

    ValidatableResponse tester(String targetId, Map<String, ?> body) {
        return request().body(body).post("/agents/" + targetId + "/tester").then();
    }

    /** POST /agents/:id/tester without a body or a Content-Type, as the body is optional. */
    ValidatableResponse testerWithoutBody(String targetId) {
        return given().header("Authorization", tokens.bearer()).post("/agents/" + targetId + "/tester").then();
    }
}
