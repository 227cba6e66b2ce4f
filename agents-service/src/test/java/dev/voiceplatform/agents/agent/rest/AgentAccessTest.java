package dev.voiceplatform.agents.agent.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.voiceplatform.common.security.KeyPems;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.smallrye.jwt.build.Jwt;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AgentAccessTest {

    @Test
    void aRequestWithoutAValidInternalTokenIsNotAuthenticated() {
        given().get("/agents").then().statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
        given().header("Authorization", "Bearer svc_live_abcdefghijklmnopqrstuvwxyz012345").get("/agents").then()
                .statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
        String expired = TestTokens.forOrganization(UUID.randomUUID()).scopes("agents:read")
                .issuedAt(Instant.now().minusSeconds(3600)).mint();
        given().header("Authorization", "Bearer " + expired).get("/agents").then()
                .statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
        String forged = Jwt.claims().issuer(TestTokens.ISSUER).subject("key").groups("agents:read")
                .claim("org", UUID.randomUUID().toString()).jws().sign(KeyPems.generate().getPrivate());
        given().header("Authorization", "Bearer " + forged).get("/agents").then()
                .statusCode(401).body("error.code", equalTo("NOT_AUTHENTICATED"));
    }

    @Test
    void eachEndpointChecksItsScopeAsASecondLineOfDefence() {
        AgentApi owner = AgentApi.newOrganization();
        String id = owner.createAgent("scoped");
        AgentApi readOnly = AgentApi.as(TestTokens.forOrganization(owner.organizationId()).scopes("agents:read"));
        readOnly.get(id).statusCode(200);
        readOnly.create(Map.of("name", "n", "prompt", "p")).statusCode(403)
                .body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        readOnly.patch(id, Map.of("name", "x")).statusCode(403);
        readOnly.publish(id).statusCode(403);
        readOnly.unpublish(id).statusCode(403);
        readOnly.delete(id).statusCode(403);
        AgentApi writer = AgentApi.as(TestTokens.forOrganization(owner.organizationId()).scopes("agents:write"));
        writer.delete(id).statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        writer.get(id).statusCode(403);
    }

    @Test
    void aResellerKeyReadsButCannotWrite() {
        AgentApi owner = AgentApi.newOrganization();
        String id = owner.createAgent("reseller visible");
        AgentApi reseller = AgentApi.as(TestTokens.forOrganization(owner.organizationId())
                .scopes(AgentApi.ALL_AGENT_SCOPES).reseller());
        reseller.get(id).statusCode(200);
        reseller.create(Map.of("name", "n", "prompt", "p")).statusCode(403)
                .body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        reseller.patch(id, Map.of("name", "x")).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        reseller.publish(id).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        reseller.unpublish(id).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        reseller.delete(id).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        owner.get(id).statusCode(200).body("name", equalTo("reseller visible"));
    }

    @Test
    void anUnknownRouteIsNotFoundInTheEnvelope() {
        AgentApi api = AgentApi.newOrganization();
        api.request().get("/no-such-thing").then().statusCode(404).contentType(ContentType.JSON)
                .body("error.code", equalTo("NOT_FOUND"));
        given().get("/agents/x/y/z").then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void theCorrelationIdIsKeptWhenAcceptableAndReplacedOtherwise() {
        AgentApi api = AgentApi.newOrganization();
        api.request().header("X-Correlation-ID", "req-1.a:b_c").get("/agents").then().statusCode(200)
                .header("X-Correlation-ID", equalTo("req-1.a:b_c"));
        String replaced = api.request().header("X-Correlation-ID", "bad id!").get("/agents").then().statusCode(200)
                .extract().header("X-Correlation-ID");
        org.junit.jupiter.api.Assertions.assertNotEquals("bad id!", replaced);
        org.junit.jupiter.api.Assertions.assertNotNull(replaced);
    }
}
