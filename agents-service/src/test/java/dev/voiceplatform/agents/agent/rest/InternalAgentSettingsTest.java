package dev.voiceplatform.agents.agent.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.nullValue;

import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** GET /internal/agents/{id}/settings: what the voice runtime reads of an agent before it speaks. */
@QuarkusTest
class InternalAgentSettingsTest {

    @Inject
    InternalTokenIssuer tokens;

    private String runtimeBearer(UUID organizationId) {
        return "Bearer " + tokens.forService("runtime", "agents", organizationId);
    }

    @Test
    void theRuntimeReadsTheWholeSettingsDocumentWithoutCredentials() {
        AgentApi owner = AgentApi.newOrganization();
        String id = owner.createAgent("Front desk");
        owner.request().contentType(ContentType.JSON)
                .body(Map.of("agentSpeaksFirst", false, "vendor1ApiKey", "vendor-secret-123",
                        "greeting", "Hello {{first_name}}"))
                .patch("/agents/" + id + "/config").then().statusCode(200);
        given().header("Authorization", runtimeBearer(owner.organizationId()))
                .get("/internal/agents/" + id + "/settings").then().statusCode(200)
                .body("id", equalTo(id))
                .body("organization_id", equalTo(owner.organizationId().toString()))
                .body("name", equalTo("Front desk"))
                .body("published", equalTo(false))
                .body("is_tester", equalTo(false))
                .body("settings.agentSpeaksFirst", equalTo(false))
                .body("settings.greeting", equalTo("Hello {{first_name}}"))
                .body("settings.vendor1ApiKey", nullValue())
                .body(not(containsString("vendor-secret-123")));
    }

    @Test
    void anotherOrganizationsAgentIsNotFoundAndOnlyPlatformServicesMayAsk() {
        AgentApi owner = AgentApi.newOrganization();
        String id = owner.createAgent("Hidden");
        given().header("Authorization", runtimeBearer(UUID.randomUUID()))
                .get("/internal/agents/" + id + "/settings").then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        given().header("Authorization", TestTokens.forOrganization(owner.organizationId()).scopes("agents:read")
                        .bearer())
                .get("/internal/agents/" + id + "/settings").then().statusCode(403);
        given().get("/internal/agents/" + id + "/settings").then().statusCode(401);
    }
}
