package dev.voiceplatform.agents.agent.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class InternalAgentResourceTest {

    @Test
    void answersForAnAgentOfTheTokensOrganizationWhateverScopeTheRequestHad() {
        AgentApi owner = AgentApi.newOrganization();
        String id = owner.createAgent("looked up");
        owner.publish(id).statusCode(200);
        given().header("Authorization", TestTokens.forOrganization(owner.organizationId()).scopes("leads:write").bearer())
                .get("/internal/agents/" + id).then().statusCode(200)
                .body("id", equalTo(id))
                .body("organization_id", equalTo(owner.organizationId().toString()))
                .body("name", equalTo("looked up"))
                .body("status", equalTo("active"))
                .body("published", equalTo(true))
                .body("is_tester", equalTo(false))
                .body("version", equalTo(2));
    }

    @Test
    void anotherOrganizationADeletedAgentAndNoTokenGetNothing() {
        AgentApi owner = AgentApi.newOrganization();
        String id = owner.createAgent("hidden");
        given().header("Authorization", TestTokens.forOrganization(UUID.randomUUID()).scopes("leads:write").bearer())
                .get("/internal/agents/" + id).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        given().get("/internal/agents/" + id).then().statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
        owner.delete(id).statusCode(200);
        given().header("Authorization", TestTokens.forOrganization(owner.organizationId()).scopes("leads:write").bearer())
                .get("/internal/agents/" + id).then().statusCode(404);
    }
}
