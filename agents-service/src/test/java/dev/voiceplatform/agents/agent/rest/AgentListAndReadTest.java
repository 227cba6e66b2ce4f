package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AgentListAndReadTest {

    @Test
    void listsNewestFirstWithPagination() {
        AgentApi api = AgentApi.newOrganization().withMaxAgents(10);
        String first = api.createAgent("first");
        String second = api.createAgent("second");
        String third = api.createAgent("third");

        api.request().get("/agents").then().statusCode(200)
                .body("data.id", contains(third, second, first))
                .body("pagination.total", equalTo(3))
                .body("pagination.limit", equalTo(20))
                .body("pagination.offset", equalTo(0))
                .body("pagination.has_more", equalTo(false));

        api.request().queryParam("limit", 2).get("/agents").then().statusCode(200)
                .body("data.id", contains(third, second))
                .body("pagination.has_more", equalTo(true));
        api.request().queryParam("limit", 2).queryParam("offset", 2).get("/agents").then().statusCode(200)
                .body("data.id", contains(first))
                .body("pagination.total", equalTo(3))
                .body("pagination.has_more", equalTo(false));
    }

    @Test
    void listItemsHaveTheItemShape() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("shape");
        api.request().get("/agents").then().statusCode(200)
                .body("data[0].id", equalTo(id))
                .body("data[0].name", equalTo("shape"))
                .body("data[0].language", equalTo("en"))
                .body("data[0].is_active", equalTo(false))
                .body("data[0].status", equalTo("inactive"))
                .body("data[0].created_at", notNullValue())
                .body("data[0]", not(hasKey("prompt")))
                .body("data[0]", not(hasKey("phone_number")))
                .body("data[0]", not(hasKey("phone_numbers")));
    }

    @Test
    void filtersByStatusAndRefusesUnknownStatuses() {
        AgentApi api = AgentApi.newOrganization();
        String live = api.createAgent("live");
        String idle = api.createAgent("idle");
        api.publish(live).statusCode(200);

        api.request().queryParam("status", "active").get("/agents").then().statusCode(200)
                .body("data.id", contains(live)).body("pagination.total", equalTo(1));
        api.request().queryParam("status", "inactive").get("/agents").then().statusCode(200)
                .body("data.id", contains(idle));
        api.request().queryParam("status", "archived").get("/agents").then().statusCode(400)
                .body("error.code", equalTo("INVALID_STATUS"));
    }

    @Test
    void limitAndOffsetAreValidated() {
        AgentApi api = AgentApi.newOrganization();
        for (String limit : new String[] {"0", "101", "ten", "-1"}) {
            api.request().queryParam("limit", limit).get("/agents").then().statusCode(400)
                    .body("error.code", equalTo("VALIDATION_ERROR"))
                    .body("error.fields[0].field", equalTo("limit"));
        }
        api.request().queryParam("offset", "-1").get("/agents").then().statusCode(400)
                .body("error.fields[0].field", equalTo("offset"));
        api.request().queryParam("limit", "100").get("/agents").then().statusCode(200)
                .body("pagination.limit", equalTo(100));
    }

    @Test
    void readsOneAgentWithItsVersionAsEntityTag() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("one");
        api.get(id).statusCode(200)
                .header("ETag", equalTo("\"1\""))
                .body("id", equalTo(id))
                .body("name", equalTo("one"))
                .body("is_active", equalTo(false));
    }

    @Test
    void anotherOrganizationsAgentAMalformedIdAndADeletedAgentAreNotFound() {
        AgentApi owner = AgentApi.newOrganization();
        AgentApi stranger = AgentApi.newOrganization();
        String id = owner.createAgent("private");

        stranger.get(id).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        stranger.request().get("/agents").then().statusCode(200).body("pagination.total", equalTo(0));
        stranger.patch(id, Map.of("name", "taken")).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        stranger.publish(id).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        stranger.unpublish(id).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        stranger.delete(id).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        owner.get(id).statusCode(200).body("name", equalTo("private"));

        owner.get("not-a-uuid").statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        owner.get(UUID.randomUUID().toString()).statusCode(404).body("error.code", equalTo("NOT_FOUND"));

        owner.delete(id).statusCode(200);
        owner.get(id).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        owner.request().get("/agents").then().statusCode(200).body("pagination.total", equalTo(0));
        org.junit.jupiter.api.Assertions.assertEquals(1, TestDatabase.query(
                "SELECT id FROM agents WHERE id = ? AND deleted_at IS NOT NULL", UUID.fromString(id)).size(),
                "a deleted agent stays on record");
    }
}
