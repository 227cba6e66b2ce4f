package dev.voiceplatform.gateway.admin;

import static dev.voiceplatform.gateway.support.Admin.admin;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Part 8: active keys per organization are bounded (100 by default), AI-client keys included. */
@QuarkusTest
class ActiveKeyLimitTest {

    private static final int LIMIT = 100;

    @Inject
    TestClock clock;

    @Test
    void theKeyPastTheLimitIsRefusedAndARevocationMakesRoom() {
        String organizationId = Admin.createOrganization("pro");
        Admin.Key first = Admin.createKey(organizationId, "agents:read");
        for (int i = 1; i < LIMIT - 1; i++) {
            Admin.createKey(organizationId, "agents:read");
        }
        createAiClientKey(organizationId).statusCode(201);

        createAiClientKey(organizationId).statusCode(402)
                .body("error.code", equalTo("PLAN_LIMIT_REACHED"))
                .body("error.hint", equalTo("Revoke a key the organization no longer uses, then create the new one."))
                .body("error.details.limit", equalTo("active_api_keys"))
                .body("error.details.max_active_keys", equalTo(LIMIT))
                .body("error.details.current", equalTo(LIMIT));
        admin().body(Map.of("name", "one more", "scopes", List.of("agents:read")))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(402).body("error.code", equalTo("PLAN_LIMIT_REACHED"));
        assertEquals(LIMIT, keysOf(organizationId));

        Admin.revoke(first.id());
        createAiClientKey(organizationId).statusCode(201);
        createAiClientKey(organizationId).statusCode(402);
        Admin.createKey(Admin.createOrganization("pro"), "agents:read");
    }

    @Test
    void anExpiredKeyNoLongerCounts() {
        String organizationId = Admin.createOrganization("pro");
        admin().body(Map.of("name", "short lived", "scopes", List.of("agents:read"),
                        "expires_at", clock.instant().plus(Duration.ofHours(1)).toString()))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then().statusCode(201);
        for (int i = 1; i < LIMIT; i++) {
            Admin.createKey(organizationId, "agents:read");
        }
        createAiClientKey(organizationId).statusCode(402);

        clock.advance(Duration.ofHours(2));
        try {
            createAiClientKey(organizationId).statusCode(201);
        } finally {
            clock.reset();
        }
    }

    private static ValidatableResponse createAiClientKey(String organizationId) {
        return admin().body(Map.of("name", "Claude Desktop", "scopes", List.of("agents:read"), "origin", "ai_client"))
                .post("/admin/organizations/{id}/keys", organizationId)
                .then();
    }

    private static int keysOf(String organizationId) {
        return TestDatabase.query("SELECT 1 FROM api_keys WHERE org_id = ?", UUID.fromString(organizationId)).size();
    }
}
