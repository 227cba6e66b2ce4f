package dev.voiceplatform.leads.lead.rest;

import static io.restassured.RestAssured.given;

import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.TestTokens;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/** Calls of the leads API as one organization's key would make them through the gateway. */
final class LeadApi {

    private final TestTokens tokens;
    private final UUID agentId = UUID.randomUUID();

    private LeadApi(TestTokens tokens) {
        this.tokens = tokens;
        AgentsServiceStandIn.register(tokens.tenant().organizationId(), agentId);
    }

    static LeadApi newOrganization() {
        return new LeadApi(TestTokens.forOrganization(UUID.randomUUID()).scopes("leads:read", "leads:write"));
    }

    static LeadApi as(TestTokens tokens) {
        return new LeadApi(tokens);
    }

    UUID organizationId() {
        return tokens.tenant().organizationId();
    }

    /** An agent of this organization, known to the agents service. */
    String agentId() {
        return agentId.toString();
    }

    RequestSpecification request() {
        return given().header("Authorization", tokens.bearer()).contentType(ContentType.JSON);
    }

    Map<String, Object> validLead() {
        Map<String, Object> body = new HashMap<>();
        body.put("name", "Dana Levi");
        body.put("phone", "+972 50-234-5678");
        body.put("agent_id", agentId());
        return body;
    }

    ValidatableResponse create(Map<String, ?> body) {
        return request().body(body).post("/leads").then();
    }

    String createLead() {
        return create(validLead()).statusCode(201).extract().path("id");
    }

    ValidatableResponse patch(String id, Map<String, ?> body) {
        return request().body(body).patch("/leads/" + id).then();
    }
}
