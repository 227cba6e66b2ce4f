package dev.voiceplatform.gateway.admin;

import static dev.voiceplatform.gateway.support.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@QuarkusTest
class AdminOrganizationsTest {

    @Test
    void createsAnOrganizationWithThePlanDefaults() {
        Response created = admin().body(Map.of("name", "Acme Dental", "plan", "starter"))
                .post("/admin/organizations")
                .then().statusCode(201)
                .body("name", equalTo("Acme Dental"))
                .body("plan", equalTo("starter"))
                .body("rate_limit_tier", equalTo("standard"))
                .body("status", equalTo("active"))
                .body("max_agents", equalTo(10))
                .body("entitlements", empty())
                .body("kind", equalTo("organization"))
                .extract().response();
        String id = created.path("id");
        assertEquals(7, UUID.fromString(id).version(), "ids are time-ordered");
        assertEquals(created.<String>path("created_at"), created.path("updated_at"));

        Map<String, Object> row = TestDatabase.query("SELECT name, plan, status, max_agents, kind FROM organizations"
                + " WHERE id = ?", UUID.fromString(id)).get(0);
        assertEquals(Map.of("name", "Acme Dental", "plan", "starter", "status", "active", "max_agents", 10,
                "kind", "organization"), row);
    }

    @Test
    void createsAnOrganizationWithEverySettingGiven() {
        admin().body(Map.of("name", "Reseller One", "plan", "enterprise", "status", "suspended", "max_agents", 7,
                        "entitlements", List.of("premium-models", "premium-models", "sso"), "kind", "reseller"))
                .post("/admin/organizations")
                .then().statusCode(201)
                .body("status", equalTo("suspended"))
                .body("max_agents", equalTo(7))
                .body("entitlements", contains("premium-models", "sso"))
                .body("kind", equalTo("reseller"))
                .body("rate_limit_tier", equalTo("premium"));
    }

    @ParameterizedTest
    @CsvSource({ "trial, free, 3", "starter, standard, 10", "pro, premium, 50", "enterprise, premium, 500" })
    void tierAndAgentLimitFollowThePlan(String plan, String tier, int maxAgents) {
        admin().body(Map.of("name", "Plan " + plan, "plan", plan))
                .post("/admin/organizations")
                .then().statusCode(201)
                .body("rate_limit_tier", equalTo(tier))
                .body("max_agents", equalTo(maxAgents));
    }

    @Test
    void refusesInvalidFieldsNamingThemAsSent() {
        admin().body(Map.of("name", "x".repeat(201), "plan", "gold", "status", "paused", "max_agents", -1,
                        "kind", "partner"))
                .post("/admin/organizations")
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("kind", "max_agents", "name", "plan", "status"));
    }

    @Test
    void refusesAMissingNameAndPlan() {
        admin().body(Map.of("name", "   "))
                .post("/admin/organizations")
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("name", "plan"));
    }

    @Test
    void refusesAWronglyTypedField() {
        admin().body(Map.of("name", "Typed", "plan", "pro", "max_agents", "many"))
                .post("/admin/organizations")
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("max_agents"));
    }

    @Test
    void refusesABodyThatIsNotJson() {
        admin().body("{\"name\": ")
                .post("/admin/organizations")
                .then().statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"));
    }

    @Test
    void refusesJsonSentAsAnotherTypeInThePlatformsEnvelope() {
        admin().contentType("text/plain").body("{\"name\": \"Acme\", \"plan\": \"pro\"}")
                .post("/admin/organizations")
                .then().statusCode(400)
                .body("error.code", equalTo("INVALID_REQUEST"))
                .body("error.message", equalTo("The body was sent as text/plain; this endpoint reads application/json"))
                .body("error.hint", equalTo("Send the JSON body with the header Content-Type: application/json."));
    }

    @Test
    void refusesCallersWithoutTheAdminToken() {
        given().contentType(ContentType.JSON).body(Map.of("name", "No token", "plan", "pro"))
                .post("/admin/organizations")
                .then().statusCode(401)
                .body("error.code", equalTo("NOT_AUTHENTICATED"));
        given().header("Authorization", "Bearer " + Admin.TOKEN + "x").contentType(ContentType.JSON)
                .body(Map.of("name", "Wrong token", "plan", "pro"))
                .post("/admin/organizations")
                .then().statusCode(401)
                .body("error.code", equalTo("NOT_AUTHENTICATED"));
        given().header("Authorization", "Basic " + Admin.TOKEN).get("/admin/organizations")
                .then().statusCode(401)
                .body("error.code", equalTo("NOT_AUTHENTICATED"));
        given().header("X-API-Key", Admin.TOKEN).get("/admin/organizations")
                .then().statusCode(401)
                .body("error.code", equalTo("NOT_AUTHENTICATED"));
        assertTrue(TestDatabase.query("SELECT 1 FROM organizations WHERE name IN ('No token', 'Wrong token')").isEmpty());
    }

    @Test
    void checksTheTokenBeforeReadingTheBody() {
        given().contentType(ContentType.JSON).body("{not json")
                .post("/admin/organizations")
                .then().statusCode(401)
                .body("error.code", equalTo("NOT_AUTHENTICATED"));
    }

    @Test
    void listsOrganizationsNewestFirstWithPaging() {
        String name = "Paged " + UUID.randomUUID();
        String first = Admin.createOrganization(Map.of("name", name, "plan", "trial"));
        String second = Admin.createOrganization(Map.of("name", name, "plan", "pro"));
        String third = Admin.createOrganization(Map.of("name", name, "plan", "starter"));
        Admin.createOrganization(Map.of("name", name + " other", "plan", "starter"));

        admin().queryParam("name", name).queryParam("limit", 2)
                .get("/admin/organizations")
                .then().statusCode(200)
                .body("data.id", contains(third, second))
                .body("data[0].rate_limit_tier", equalTo("standard"))
                .body("pagination.total", equalTo(3))
                .body("pagination.limit", equalTo(2))
                .body("pagination.offset", equalTo(0))
                .body("pagination.has_more", equalTo(true));
        admin().queryParam("name", name).queryParam("limit", 2).queryParam("offset", 2)
                .get("/admin/organizations")
                .then().statusCode(200)
                .body("data.id", contains(first))
                .body("pagination.has_more", equalTo(false));
    }

    @Test
    void listsEveryOrganizationWithoutAFilter() {
        String id = Admin.createOrganization("pro");
        admin().queryParam("limit", 100)
                .get("/admin/organizations")
                .then().statusCode(200)
                .body("pagination.limit", equalTo(100))
                .body("data.id", hasItem(id));
        admin().get("/admin/organizations").then().statusCode(200).body("pagination.limit", equalTo(20));
    }

    @Test
    void refusesPagingOutsideTheLimits() {
        admin().queryParam("limit", 0).queryParam("offset", -1)
                .get("/admin/organizations")
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder("limit", "offset"));
        admin().queryParam("limit", 101)
                .get("/admin/organizations")
                .then().statusCode(400)
                .body("error.fields.field", contains("limit"));
    }

    @Test
    void updatesOnlyTheFieldsSent() {
        Response before = admin().body(Map.of("name", "Before", "plan", "pro", "entitlements", List.of("sso")))
                .post("/admin/organizations").then().statusCode(201).extract().response();
        String id = before.path("id");

        admin().body(Map.of("name", "After", "status", "suspended"))
                .patch("/admin/organizations/{id}", id)
                .then().statusCode(200)
                .body("id", equalTo(id))
                .body("name", equalTo("After"))
                .body("status", equalTo("suspended"))
                .body("plan", equalTo("pro"))
                .body("max_agents", equalTo(50))
                .body("entitlements", contains("sso"))
                .body("kind", equalTo("organization"))
                .body("created_at", equalTo(before.path("created_at")))
                .body("updated_at", not(equalTo(before.path("updated_at"))));

        admin().body(Map.of("entitlements", List.of(), "kind", "reseller", "max_agents", 0))
                .patch("/admin/organizations/{id}", id)
                .then().statusCode(200)
                .body("entitlements", empty())
                .body("kind", equalTo("reseller"))
                .body("max_agents", equalTo(0))
                .body("name", equalTo("After"));

        Map<String, Object> row = TestDatabase.query("SELECT name, status, kind, max_agents, updated_at"
                + " FROM organizations WHERE id = ?", UUID.fromString(id)).get(0);
        assertEquals("After", row.get("name"));
        assertEquals("reseller", row.get("kind"));
        assertTrue(((java.sql.Timestamp) row.get("updated_at")).toInstant()
                .isAfter(Instant.parse(before.path("updated_at"))));
    }

    @Test
    void aNewPlanBringsItsAgentLimitUnlessOneIsSent() {
        String id = Admin.createOrganization("trial");
        admin().body(Map.of("plan", "pro"))
                .patch("/admin/organizations/{id}", id)
                .then().statusCode(200)
                .body("plan", equalTo("pro"))
                .body("rate_limit_tier", equalTo("premium"))
                .body("max_agents", equalTo(50));
        admin().body(Map.of("plan", "enterprise", "max_agents", 1000))
                .patch("/admin/organizations/{id}", id)
                .then().statusCode(200)
                .body("max_agents", equalTo(1000));
    }

    @Test
    void anEmptyUpdateChangesNothing() {
        Response before = admin().body(Map.of("name", "Unchanged", "plan", "starter"))
                .post("/admin/organizations").then().statusCode(201).extract().response();
        admin().body(Map.of())
                .patch("/admin/organizations/{id}", before.<String>path("id"))
                .then().statusCode(200)
                .body("name", equalTo("Unchanged"))
                .body("updated_at", equalTo(before.path("updated_at")));
    }

    @Test
    void refusesInvalidUpdates() {
        String id = Admin.createOrganization("pro");
        admin().body(Map.of("name", " ", "plan", "platinum", "max_agents", -5))
                .patch("/admin/organizations/{id}", id)
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("max_agents", "name", "plan"));
    }

    @Test
    void updatingAnUnknownOrMalformedIdIsNotFound() {
        admin().body(Map.of("name", "Ghost"))
                .patch("/admin/organizations/{id}", UUID.randomUUID().toString())
                .then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        admin().body(Map.of("name", "Ghost"))
                .patch("/admin/organizations/{id}", "not-a-uuid")
                .then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        admin().body(Map.of())
                .patch("/admin/organizations/{id}", UUID.randomUUID().toString())
                .then().statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"))
                .body("error.fields", nullValue());
    }

    @Test
    void updatingNeedsTheAdminToken() {
        String id = Admin.createOrganization("pro");
        given().contentType(ContentType.JSON).body(Map.of("status", "suspended"))
                .patch("/admin/organizations/{id}", id)
                .then().statusCode(401)
                .body("error.code", equalTo("NOT_AUTHENTICATED"));
        assertEquals("active", TestDatabase.query("SELECT status FROM organizations WHERE id = ?",
                UUID.fromString(id)).get(0).get("status"));
    }
}
