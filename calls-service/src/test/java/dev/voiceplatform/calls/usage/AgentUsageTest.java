package dev.voiceplatform.calls.usage;

import static org.hamcrest.Matchers.aMapWithSize;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import dev.voiceplatform.calls.call.rest.CallApi;
import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AgentUsageTest {

    @AfterEach
    void agentsServiceAnswersAgain() {
        AgentsServiceStandIn.failing(false);
    }

    private static void call(CallApi api, String status, Integer duration, String cost, String createdAt) {
        TestDatabase.update("INSERT INTO calls (id, org_id, agent_id, agent_name, direction, status, caller, duration, "
                + "cost, metadata, created_at, updated_at) VALUES (?, ?, ?, 'stand-in', 'outbound', ?, '+14155550100', "
                + "?, ?::numeric, '{}', ?::timestamptz, now())", UUID.randomUUID(), api.organizationId(),
                UUID.fromString(api.agentId()), status, duration, cost, createdAt);
    }

    @Test
    void statsCountEveryCallOfTheAgentAndAverageTheCompletedOnes() {
        CallApi api = CallApi.newOrganization();
        String today = LocalDate.now(ZoneOffset.UTC) + "T10:00:00Z";
        call(api, "completed", 60, "0.09", today);
        call(api, "completed", 30, "0.045", today);
        call(api, "failed", 0, "0", today);
        call(api, "missed", 0, "0", today);
        // Another agent's and another organization's calls do not count.
        CallApi other = CallApi.newOrganization();
        call(other, "completed", 500, "1", today);
        api.request().get("/agents/" + api.agentId() + "/stats").then().statusCode(200)
                .body("$", aMapWithSize(1))
                .body("stats", aMapWithSize(6))
                .body("stats.totalCalls", equalTo(4))
                .body("stats.completedCalls", equalTo(2))
                .body("stats.failedCalls", equalTo(1))
                .body("stats.totalDuration", equalTo(90))
                .body("stats.avgDuration", equalTo(45))
                .body("stats.totalCost", equalTo(0.135f));
    }

    @Test
    void anAgentWithoutCallsHasZerosAndAnEmptyDailyList() {
        CallApi api = CallApi.newOrganization();
        api.request().get("/agents/" + api.agentId() + "/stats").then().statusCode(200)
                .body("stats.totalCalls", equalTo(0)).body("stats.avgDuration", equalTo(0))
                .body("stats.totalCost", equalTo(0));
        api.request().get("/agents/" + api.agentId() + "/usage/daily").then().statusCode(200)
                .body("usage.agentId", equalTo(api.agentId())).body("usage.days", hasSize(0));
    }

    @Test
    void usageSumsTheSpanAndDailySplitsItByUtcDay() {
        CallApi api = CallApi.newOrganization();
        call(api, "completed", 90, "0.135", "2026-03-01T23:30:00Z");
        call(api, "completed", 30, "0.045", "2026-03-02T00:30:00Z");
        call(api, "missed", 0, "0", "2026-03-02T08:00:00Z");
        call(api, "completed", 600, "0.9", "2026-04-15T08:00:00Z");
        api.request().queryParam("from_date", "2026-03-01").queryParam("to_date", "2026-03-31")
                .get("/agents/" + api.agentId() + "/usage").then().statusCode(200)
                .body("usage.agentId", equalTo(api.agentId()))
                .body("usage.fromDate", equalTo("2026-03-01T00:00:00Z"))
                .body("usage.toDate", equalTo("2026-04-01T00:00:00Z"))
                .body("usage.calls", equalTo(3))
                .body("usage.minutes", equalTo(2))
                .body("usage.estimatedCost", equalTo(0.18f))
                .body("usage.currency", equalTo("USD"));
        api.request().queryParam("from_date", "2026-03-01").queryParam("to_date", "2026-03-31")
                .get("/agents/" + api.agentId() + "/usage/daily").then().statusCode(200)
                .body("usage.days.date", equalTo(java.util.List.of("2026-03-01", "2026-03-02")))
                .body("usage.days[0].calls", equalTo(1))
                .body("usage.days[0].minutes", equalTo(1.5f))
                .body("usage.days[1].calls", equalTo(2))
                .body("usage.days[1].estimatedCost", equalTo(0.045f));
    }

    @Test
    void usageDefaultsToTheLast30Days() {
        CallApi api = CallApi.newOrganization();
        call(api, "completed", 60, "0.09", java.time.Instant.now().minusSeconds(86_400).toString());
        call(api, "completed", 60, "0.09", java.time.Instant.now().minusSeconds(40 * 86_400).toString());
        api.request().get("/agents/" + api.agentId() + "/usage").then().statusCode(200)
                .body("usage.calls", equalTo(1)).body("usage.minutes", equalTo(1));
    }

    @Test
    void anAgentOfAnotherOrganizationUnknownOrMalformedIsNotFound() {
        CallApi api = CallApi.newOrganization();
        CallApi other = CallApi.newOrganization();
        for (String path : new String[] {"/stats", "/usage", "/usage/daily"}) {
            for (String agent : new String[] {other.agentId(), UUID.randomUUID().toString(), "nope"}) {
                api.request().get("/agents/" + agent + path).then().statusCode(404)
                        .body("error.code", equalTo("NOT_FOUND"));
            }
        }
    }

    @Test
    void badDatesAreNamedAndTheScopeIsAgentsRead() {
        CallApi api = CallApi.newOrganization();
        api.request().queryParam("from_date", "soon").get("/agents/" + api.agentId() + "/usage").then()
                .statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("from_date"));
        CallApi caller = CallApi.as(TestTokens.forOrganization(UUID.randomUUID()).scopes("calls:read"));
        caller.request().get("/agents/" + caller.agentId() + "/stats").then().statusCode(403)
                .body("error.code", equalTo("INSUFFICIENT_SCOPE"));
    }

    @Test
    void whenTheAgentsServiceCannotAnswerStatsAreUnavailable() {
        CallApi api = CallApi.newOrganization();
        AgentsServiceStandIn.failing(true);
        api.request().get("/agents/" + api.agentId() + "/stats").then().statusCode(503)
                .body("error.code", equalTo("SERVICE_UNAVAILABLE"));
    }
}
