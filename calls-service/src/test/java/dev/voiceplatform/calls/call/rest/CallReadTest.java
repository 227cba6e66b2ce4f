package dev.voiceplatform.calls.call.rest;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CallReadTest {

    @Test
    void aCallReadsWithEveryFieldOfTheSpecificationAndItsTranscript() {
        CallApi api = CallApi.newOrganization();
        String id = api.placeCall();
        TestDatabase.update("UPDATE calls SET status = 'completed', started_at = now(), ended_at = now(), duration = 42, "
                + "cost = 0.063, summary = 'Asked for a quote', transcript = '[{\"role\":\"assistant\",\"text\":\"Hi\","
                + "\"timestamp\":\"2026-11-01T10:00:00Z\"}]'::jsonb WHERE id = ?", UUID.fromString(id));
        api.get(id).statusCode(200)
                .body("id", equalTo(id))
                .body("status", equalTo("completed"))
                .body("direction", equalTo("outbound"))
                .body("agent.id", equalTo(api.agentId()))
                .body("agent.name", equalTo("stand-in"))
                .body("duration", equalTo(42))
                .body("cost", equalTo(0.063f))
                .body("summary", equalTo("Asked for a quote"))
                .body("metadata.size()", equalTo(0))
                .body("transcript[0].role", equalTo("assistant"))
                .body("transcript[0].text", equalTo("Hi"))
                .body("$", not(hasKey("recording_url")));
        api.request().get("/calls").then().statusCode(200)
                .body("data[0].id", equalTo(id))
                .body("data[0]", not(hasKey("transcript")))
                .body("data[0].callee", nullValue())
                .body("pagination.total", equalTo(1));
    }

    @Test
    void anotherOrganizationsCallAndMalformedIdsAreNotFoundOnEveryIdRoute() {
        CallApi owner = CallApi.newOrganization();
        CallApi other = CallApi.newOrganization();
        String id = owner.placeCall();
        other.get(id).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        other.hangup(id).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        other.get("not-a-uuid").statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        other.hangup("not-a-uuid").statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        assertEquals(0, (int) other.request().get("/calls").then().extract().path("pagination.total"));
    }

    @Test
    void theListFiltersByStatusDirectionAgentAndDatesNewestFirst() {
        CallApi api = CallApi.newOrganization();
        String first = api.placeCall();
        String second = api.placeCall();
        String inbound = api.placeCall();
        TestDatabase.update("UPDATE calls SET status = 'completed' WHERE id = ?", UUID.fromString(first));
        TestDatabase.update("UPDATE calls SET direction = 'inbound', created_at = now() - interval '3 days' "
                + "WHERE id = ?", UUID.fromString(inbound));
        api.request().get("/calls").then().statusCode(200).body("data.id", equalTo(List.of(second, first, inbound)));
        api.request().queryParam("status", "completed").get("/calls").then().body("data.id", equalTo(List.of(first)));
        api.request().queryParam("status", "initiating").get("/calls").then()
                .body("data.id", equalTo(List.of(second, inbound)));
        api.request().queryParam("direction", "inbound").get("/calls").then()
                .body("data.id", equalTo(List.of(inbound)));
        api.request().queryParam("agent_id", api.agentId()).get("/calls").then().body("pagination.total", equalTo(3));
        api.request().queryParam("agent_id", UUID.randomUUID().toString()).get("/calls").then()
                .body("pagination.total", equalTo(0));
        api.request().queryParam("from_date", java.time.LocalDate.now(java.time.ZoneOffset.UTC).minusDays(1).toString())
                .get("/calls").then().body("data.id", equalTo(List.of(second, first)));
        api.request().queryParam("limit", 1).queryParam("offset", 1).get("/calls").then()
                .body("data.id", equalTo(List.of(first)))
                .body("pagination.limit", equalTo(1))
                .body("pagination.offset", equalTo(1))
                .body("pagination.has_more", equalTo(true));
    }

    @Test
    void invalidFiltersAreNamed() {
        CallApi api = CallApi.newOrganization();
        api.request().queryParam("status", "ringing").queryParam("direction", "sideways")
                .queryParam("agent_id", "x").queryParam("from_date", "yesterday").queryParam("limit", 101)
                .get("/calls").then().statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder("status", "direction", "agent_id", "from_date",
                        "limit"));
    }

    @Test
    void readingNeedsCallsRead() {
        CallApi api = CallApi.as(TestTokens.forOrganization(UUID.randomUUID()).scopes("calls:write"));
        api.request().get("/calls").then().statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
    }
}
