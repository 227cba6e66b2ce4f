package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.restassured.response.ValidatableResponse;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Tenancy rules 1 and 2: another organization's agent answers 404 everywhere, as if it did not exist. */
class TenantIsolationTest {

    private static String ownerKey;
    private static String otherKey;
    private static String agentId;

    @BeforeAll
    static void twoOrganizationsAndOneAgent() {
        ownerKey = TestOrganization.create("e2e-owner").fullKey();
        otherKey = TestOrganization.create("e2e-other").fullKey();
        agentId = withKey(ownerKey)
                .body(Map.of("name", "Private agent", "prompt", "You belong to the owner."))
                .post("/agents")
                .then().statusCode(201)
                .extract().path("id");
    }

    @Test
    void theOtherOrganizationDoesNotListIt() {
        withKey(otherKey).get("/agents").then().statusCode(200).body("data.id", not(hasItem(agentId)));
        withKey(ownerKey).get("/agents").then().statusCode(200).body("data.id", hasItem(agentId));
    }

    @Test
    void theOtherOrganizationCannotReadChangePublishOrDeleteIt() {
        assertNotFound(withKey(otherKey).get("/agents/{id}", agentId).then());
        assertNotFound(withKey(otherKey).body(Map.of("name", "Taken over")).patch("/agents/{id}", agentId).then());
        assertNotFound(withKey(otherKey).post("/agents/{id}/publish", agentId).then());
        assertNotFound(withKey(otherKey).delete("/agents/{id}", agentId).then());

        withKey(ownerKey).get("/agents/{id}", agentId)
                .then().statusCode(200)
                .body("name", equalTo("Private agent"))
                .body("status", equalTo("inactive"));
    }

    @Test
    void aMalformedIdIsNotFoundRatherThanABadRequest() {
        assertNotFound(withKey(ownerKey).get("/agents/{id}", "not-a-uuid").then());
    }

    private static void assertNotFound(ValidatableResponse response) {
        response.statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }
}
