package dev.voiceplatform.agents.share.rest;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.agents.agent.rest.AgentApi;
import dev.voiceplatform.agents.share.service.ShareLinkVerifier;
import dev.voiceplatform.agents.share.service.ShareLinks;
import dev.voiceplatform.agents.share.service.ShareLinks.Refusal;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ShareLinkTest {

    @Inject
    ShareLinkVerifier verifier;

    @ConfigProperty(name = "platform.share.base-url")
    String baseUrl;

    @ConfigProperty(name = "platform.share.secret")
    String secret;

    @Test
    void aLinkLastsADayByDefaultAndNamesTheAgent() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("Front desk");
        api.publish(agent).statusCode(200);
        Instant before = Instant.now().minusSeconds(1);
        ValidatableResponse response = share(api, agent, Map.of()).statusCode(200)
                .body("agentName", equalTo("Front desk"))
                .body("token", matchesPattern("shr_" + agent + "_[0-9]+_[0-9a-f]{64}"))
                .body("$", not(hasKey("warning")));
        String token = response.extract().path("token");
        assertEquals(baseUrl + "/talk/" + agent + "?t=" + token, response.extract().path("url"));
        Instant expiresAt = Instant.parse(response.extract().path("expiresAt"));
        assertWithin(before.plusSeconds(86_400), expiresAt);
        assertEquals(expiresAt.getEpochSecond(), Long.parseLong(token.split("_")[2]));
        assertTrue(new ShareLinks(secret).check(token, Instant.now()).isValid());

        String withoutBody = api.request().post("/agents/" + agent + "/share-link").then().statusCode(200)
                .extract().path("expiresAt");
        assertWithin(before.plusSeconds(86_400), Instant.parse(withoutBody));
    }

    @Test
    void theTtlIsInSecondsAndCappedAtThirtyDays() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("ttl");
        Instant before = Instant.now().minusSeconds(1);
        assertWithin(before.plusSeconds(60), expiresAt(share(api, agent, Map.of("ttl", 60))));
        assertWithin(before.plusSeconds(2_592_000), expiresAt(share(api, agent, Map.of("ttl", 2_592_000))));
        assertWithin(before.plusSeconds(2_592_000), expiresAt(share(api, agent, Map.of("ttl", 2_592_001))));
        assertWithin(before.plusSeconds(2_592_000),
                expiresAt(share(api, agent, Map.of("ttl", new BigInteger("100000000000000000000")))));
        Map<String, Object> nullTtl = new HashMap<>();
        nullTtl.put("ttl", null);
        assertWithin(before.plusSeconds(86_400), expiresAt(share(api, agent, nullTtl)));
    }

    @Test
    void aTtlThatIsNotAPositiveIntegerIsAValidationErrorAndUnknownKeysAreRefused() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("bad ttl");
        for (Object bad : new Object[] {0, -5, "60", 1.5, true}) {
            share(api, agent, Map.of("ttl", bad)).statusCode(400)
                    .body("error.code", equalTo("VALIDATION_ERROR"))
                    .body("error.fields.field", containsInAnyOrder("ttl"));
        }
        api.request().body("[86400]").post("/agents/" + agent + "/share-link").then().statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"));
        share(api, agent, Map.of("ttl", 60, "expires", 5)).statusCode(400)
                .body("error.code", equalTo("UNKNOWN_FIELD"))
                .body("error.details.unknown", containsInAnyOrder("expires"));
    }

    @Test
    void anUnpublishedAgentGetsALinkWithAWarningAndTheLinkOpensOnlyWhilePublished() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("not yet published");
        String token = share(api, agent, Map.of("ttl", 600)).statusCode(200)
                .body("warning", notNullValue())
                .extract().path("token");
        assertEquals(Refusal.AGENT_NOT_PUBLISHED, verify(token, Instant.now()).refusal());

        api.publish(agent).statusCode(200);
        ShareLinks.Verification valid = verify(token, Instant.now());
        assertTrue(valid.isValid());
        assertEquals(UUID.fromString(agent), valid.agentId());
        assertEquals(Refusal.EXPIRED, verify(token, Instant.now().plusSeconds(601)).refusal());
        String[] parts = token.split("_");
        assertEquals(Refusal.FORGED, verify("shr_" + parts[1] + "_" + (Long.parseLong(parts[2]) + 3600) + "_"
                + parts[3], Instant.now()).refusal());
        assertEquals(Refusal.MALFORMED, verify("shr_" + agent, Instant.now()).refusal());

        api.request().post("/agents/" + agent + "/unpublish").then().statusCode(200);
        assertEquals(Refusal.AGENT_NOT_PUBLISHED, verify(token, Instant.now()).refusal());
        api.publish(agent).statusCode(200);
        assertTrue(verify(token, Instant.now()).isValid());
        api.delete(agent).statusCode(200);
        assertEquals(Refusal.AGENT_NOT_PUBLISHED, verify(token, Instant.now()).refusal());
    }

    @Test
    void aTesterAgentCannotBeShared() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("tester");
        TestDatabase.update("UPDATE agents SET is_tester = true, status = 'testing' WHERE id = ?",
                UUID.fromString(agent));
        share(api, agent, Map.of()).statusCode(409).body("error.code", equalTo("AGENT_NOT_PUBLISHED"));
    }

    @Test
    void anotherOrganizationsDeletedOrMalformedAgentIsNotFoundAndResellerOrReadOnlyKeysAreRefused() {
        AgentApi owner = AgentApi.newOrganization();
        String agent = owner.createAgent("share tenancy");
        share(AgentApi.newOrganization(), agent, Map.of()).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        share(owner, "nope", Map.of()).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        share(owner, UUID.randomUUID().toString(), Map.of()).statusCode(404);
        AgentApi reseller = AgentApi.as(TestTokens.forOrganization(owner.organizationId())
                .scopes(AgentApi.ALL_AGENT_SCOPES).reseller());
        share(reseller, agent, Map.of()).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        AgentApi reader = AgentApi.as(TestTokens.forOrganization(owner.organizationId()).scopes("agents:read"));
        share(reader, agent, Map.of()).statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        owner.delete(agent).statusCode(200);
        share(owner, agent, Map.of()).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    private ShareLinks.Verification verify(String token, Instant now) {
        return verifier.verify(token, now).await().atMost(Duration.ofSeconds(10));
    }

    private static ValidatableResponse share(AgentApi api, String agent, Map<String, ?> body) {
        return api.request().body(body).post("/agents/" + agent + "/share-link").then();
    }

    private static Instant expiresAt(ValidatableResponse response) {
        return Instant.parse(response.statusCode(200).extract().path("expiresAt"));
    }

    /** The expiry is computed from the service's clock, a moment after {@code expected}. */
    private static void assertWithin(Instant expected, Instant actual) {
        assertTrue(!actual.isBefore(expected) && actual.isBefore(expected.plusSeconds(30)),
                "expected about " + expected + ", got " + actual);
    }
}
