package dev.voiceplatform.leads.lead.rest;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;

import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class LeadListAndReadTest {

    @Test
    void readsOneLeadOfItsOwnOrganizationOnly() {
        LeadApi owner = LeadApi.newOrganization();
        LeadApi stranger = LeadApi.newOrganization();
        String id = owner.createLead();
        owner.request().get("/leads/" + id).then().statusCode(200).body("id", equalTo(id))
                .body("phone", equalTo("+972502345678"));
        stranger.request().get("/leads/" + id).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        stranger.patch(id, Map.of("notes", "mine now")).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        owner.request().get("/leads/not-a-uuid").then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        stranger.request().get("/leads").then().statusCode(200).body("pagination.total", equalTo(0));
    }

    @Test
    void listsNewestFirstAndFiltersByStatusAgentAndDates() {
        LeadApi api = LeadApi.newOrganization();
        UUID secondAgent = UUID.randomUUID();
        AgentsServiceStandIn.register(api.organizationId(), secondAgent);
        String october = api.createLead();
        String november = api.createLead();
        Map<String, Object> other = api.validLead();
        other.put("agent_id", secondAgent.toString());
        String otherAgent = api.create(other).statusCode(201).extract().path("id");
        setCreated(october, "2026-10-15T09:00:00Z");
        setCreated(november, "2026-11-01T23:59:59Z");
        setCreated(otherAgent, "2026-11-02T00:00:00Z");
        api.patch(november, Map.of("status", "contacted")).statusCode(200);

        api.request().get("/leads").then().statusCode(200)
                .body("data.id", contains(otherAgent, november, october))
                .body("pagination.total", equalTo(3));
        api.request().queryParam("status", "contacted").get("/leads").then().statusCode(200)
                .body("data.id", contains(november));
        api.request().queryParam("agent_id", secondAgent.toString()).get("/leads").then().statusCode(200)
                .body("data.id", contains(otherAgent));
        api.request().queryParam("from_date", "2026-11-01").queryParam("to_date", "2026-11-01").get("/leads").then()
                .statusCode(200).body("data.id", contains(november));
        api.request().queryParam("from_date", "2026-11-01T00:00:00Z").get("/leads").then().statusCode(200)
                .body("data.id", contains(otherAgent, november));
        api.request().queryParam("to_date", "2026-10-31").get("/leads").then().statusCode(200)
                .body("data.id", contains(october));
        api.request().queryParam("limit", 2).queryParam("offset", 1).get("/leads").then().statusCode(200)
                .body("data.id", contains(november, october))
                .body("pagination.has_more", equalTo(false))
                .body("pagination.limit", equalTo(2))
                .body("pagination.offset", equalTo(1));
        api.request().queryParam("limit", 1).get("/leads").then().statusCode(200)
                .body("pagination.has_more", equalTo(true));
    }

    @Test
    void unreadableFiltersAreValidationErrorsNamingEachField() {
        LeadApi api = LeadApi.newOrganization();
        api.request().queryParam("status", "hot").queryParam("agent_id", "x").queryParam("from_date", "last week")
                .queryParam("limit", "500").get("/leads").then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder("status", "agent_id", "from_date", "limit"));
        api.request().queryParam("to_date", "2026-02-30").get("/leads").then().statusCode(400)
                .body("error.fields[0].field", equalTo("to_date"));
    }

    private static void setCreated(String id, String instant) {
        TestDatabase.update("UPDATE leads SET created_at = ? WHERE id = ?", OffsetDateTime.parse(instant),
                UUID.fromString(id));
    }
}
