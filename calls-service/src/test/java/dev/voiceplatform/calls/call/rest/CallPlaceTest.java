package dev.voiceplatform.calls.call.rest;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.voiceplatform.calls.RuntimeStandIn;
import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CallPlaceTest {

    @Inject
    TestClock clock;

    @AfterEach
    void agentsServiceAnswersAgain() {
        AgentsServiceStandIn.failing(false);
    }

    @Test
    void placesTheCallDialsItOnceAndKeepsAnInitiatingRecord() {
        CallApi api = CallApi.newOrganization();
        String to = CallApi.freshNumber();
        Map<String, Object> body = api.call(to.substring(2));
        body.put("metadata", Map.of("customer_name", "Dana"));
        var response = api.place(body).statusCode(201)
                .body("status", equalTo("initiating"))
                .body("to", equalTo(to))
                .body("agent_id", equalTo(api.agentId()))
                .body("id", notNullValue())
                .extract();
        String id = response.path("id");
        assertThat(response.header("Location"), endsWith("/calls/" + id));

        List<RuntimeStandIn.Received> dials = RuntimeStandIn.dials(UUID.fromString(id));
        assertEquals(1, dials.size());
        assertEquals(api.organizationId().toString(), dials.get(0).organization());
        assertEquals(api.organizationId().toString(), dials.get(0).body().getString("organization_id"));
        assertEquals(api.agentId(), dials.get(0).body().getString("agent_id"));
        assertEquals("outbound", dials.get(0).body().getString("direction"));
        assertEquals(to, dials.get(0).body().getString("to"));
        assertEquals("Dana", dials.get(0).body().getJsonObject("metadata").getString("customer_name"));

        Map<String, Object> row = CallApi.row(id);
        assertEquals("initiating", row.get("status"));
        assertEquals("outbound", row.get("direction"));
        assertEquals(to, row.get("caller"));
        assertNull(row.get("callee"));
        assertEquals("stand-in", row.get("agent_name"));
        assertEquals(1, api.keyCallsToday());
        assertEquals(1, api.budgetUsed("day"));
        assertEquals(1, api.budgetUsed("month"));
        assertEquals(1, api.live("outbound"));
    }

    @Test
    void anOutboundCallIsPlacedFromTheAgentsBoundNumberWhenItHasOne() {
        CallApi api = CallApi.newOrganization();
        AgentsServiceStandIn.bind(api.organizationId(), UUID.fromString(api.agentId()), "+12015550177");
        String id = api.place(api.call("14155550166")).statusCode(201).extract().path("id");

        assertEquals("+12015550177", RuntimeStandIn.dials(UUID.fromString(id)).get(0).body().getString("from"));
        assertEquals("+12015550177", CallApi.row(id).get("callee"));
        assertEquals("+14155550166", CallApi.row(id).get("caller"), "for an outbound call the caller is the number dialled");
    }

    @Test
    void aMissingOrInvalidNumberIsInvalidPhone() {
        CallApi api = CallApi.newOrganization();
        api.place(Map.of("agent_id", api.agentId())).statusCode(400).body("error.code", equalTo("INVALID_PHONE"));
        for (Object to : new Object[] {"call me maybe", "+1 555", 14155550123L, ""}) {
            api.place(Map.of("to", to, "agent_id", api.agentId())).statusCode(400)
                    .body("error.code", equalTo("INVALID_PHONE"));
        }
        assertEquals(0, api.keyCallsToday());
    }

    @Test
    void anAgentMissingMalformedOfAnotherOrganizationOrDeletedIsAgentNotFound() {
        CallApi api = CallApi.newOrganization();
        CallApi other = CallApi.newOrganization();
        String to = CallApi.freshNumber();
        api.place(Map.of("to", to)).statusCode(400).body("error.code", equalTo("AGENT_NOT_FOUND"));
        for (String agentId : new String[] {"not-a-uuid", other.agentId(), UUID.randomUUID().toString()}) {
            api.place(Map.of("to", to, "agent_id", agentId)).statusCode(400)
                    .body("error.code", equalTo("AGENT_NOT_FOUND"));
        }
        assertEquals(0, RuntimeStandIn.dialsTo(to).size());
    }

    @Test
    void metadataMustBeAnObject() {
        CallApi api = CallApi.newOrganization();
        Map<String, Object> body = api.call(CallApi.freshNumber());
        body.put("metadata", List.of("a"));
        api.place(body).statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("metadata"));
    }

    @Test
    void aResellerKeyCannotPlaceCalls() {
        CallApi api = CallApi.as(TestTokens.forOrganization(UUID.randomUUID()).reseller());
        api.place(api.call(CallApi.freshNumber())).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
    }

    @Test
    void anAccountNotActiveIsTrialExpiredAndAPlanWithoutCallsIsForbidden() {
        CallApi expired = CallApi.as(TestTokens.forOrganization(UUID.randomUUID()).accountStatus("trial_expired"));
        expired.place(expired.call(CallApi.freshNumber())).statusCode(402).body("error.code", equalTo("TRIAL_EXPIRED"));
        CallApi noCalls = CallApi.as(TestTokens.forOrganization(UUID.randomUUID()).canPlaceCalls(false));
        noCalls.place(noCalls.call(CallApi.freshNumber())).statusCode(403).body("error.code", equalTo("FORBIDDEN"));
    }

    @Test
    void anUnpublishedDraftOrTesterAgentIsAgentNotPublished() {
        CallApi api = CallApi.newOrganization();
        for (String status : new String[] {"draft", "testing", "inactive"}) {
            Map<String, Object> body = api.call(CallApi.freshNumber());
            body.put("agent_id", api.agent(status));
            api.place(body).statusCode(409).body("error.code", equalTo("AGENT_NOT_PUBLISHED"));
        }
    }

    @Test
    void aNumberOnTheDoNotCallListIsBlocked() {
        CallApi api = CallApi.newOrganization();
        String to = CallApi.freshNumber();
        TestDatabase.update("INSERT INTO do_not_call (org_id, phone_number, source, created_at) "
                + "VALUES (?, ?, 'admin', now())", api.organizationId(), to);
        api.place(api.call(to)).statusCode(403).body("error.code", equalTo("NUMBER_BLOCKED"));
        assertEquals(0, RuntimeStandIn.dialsTo(to).size());
        // Another organization's list does not bind this one.
        CallApi other = CallApi.newOrganization();
        other.place(other.call(to)).statusCode(201);
    }

    @Test
    void whenTheAgentsServiceCannotAnswerNothingIsDialled() {
        CallApi api = CallApi.newOrganization();
        String to = CallApi.freshNumber();
        AgentsServiceStandIn.failing(true);
        api.place(api.call(to)).statusCode(503).body("error.code", equalTo("CALL_CHECK_UNAVAILABLE"));
        assertEquals(0, RuntimeStandIn.dialsTo(to).size());
        assertEquals(0, api.keyCallsToday());
    }

    @Test
    void theSameAgentAndNumberWithin30SecondsIsADuplicateNamingTheFirstCall() {
        CallApi api = CallApi.newOrganization();
        String to = CallApi.freshNumber();
        String first = api.place(api.call(to)).statusCode(201).extract().path("id");
        api.place(api.call(to)).statusCode(409).body("error.code", equalTo("DUPLICATE_CALL"))
                .body("error.details.existing_call_id", equalTo(first));
        assertEquals(1, RuntimeStandIn.dialsTo(to).size());
        assertEquals(1, api.keyCallsToday());

        clock.advance(Duration.ofSeconds(31));
        String second = api.place(api.call(to)).statusCode(201).extract().path("id");
        assertEquals(2, RuntimeStandIn.dialsTo(to).size());
        org.junit.jupiter.api.Assertions.assertNotEquals(first, second);
    }

    @Test
    void theKeysFiftiethCallOfTheDayIsItsLast() {
        CallApi api = CallApi.newOrganization();
        TestDatabase.update("INSERT INTO key_daily_calls (org_id, key_id, day, used) "
                + "VALUES (?, ?, (now() AT TIME ZONE 'UTC')::date, 49)", api.organizationId(), api.keyId());
        api.place(api.call(CallApi.freshNumber())).statusCode(201);
        String to = CallApi.freshNumber();
        var refused = api.place(api.call(to)).statusCode(429)
                .body("error.code", equalTo("DAILY_CALL_LIMIT_EXCEEDED"))
                .body("error.details.reset_at", containsString("T00:00:00Z"))
                .extract();
        assertThat(refused.header("Retry-After"), notNullValue());
        assertEquals(0, RuntimeStandIn.dialsTo(to).size());
        assertEquals(50, api.keyCallsToday());
        // The refused call took nothing else either.
        assertEquals(1, api.budgetUsed("day"));
    }

    @Test
    void theOrganizationsDailyMonthlyAndConcurrentLimitsAreNamed() {
        CallApi daily = CallApi.as(TestTokens.forOrganization(UUID.randomUUID()).tier("free"));
        TestDatabase.update("INSERT INTO org_call_budgets (org_id, period, period_start, used) "
                + "VALUES (?, 'day', (now() AT TIME ZONE 'UTC')::date, 20)", daily.organizationId());
        var refused = daily.place(daily.call(CallApi.freshNumber())).statusCode(429)
                .body("error.code", equalTo("RATE_LIMIT_EXCEEDED"))
                .body("error.details.limit", equalTo("organization_daily_calls"))
                .extract();
        assertThat(refused.header("Retry-After"), notNullValue());
        assertEquals(0, daily.keyCallsToday());

        CallApi monthly = CallApi.as(TestTokens.forOrganization(UUID.randomUUID()).tier("free"));
        TestDatabase.update("INSERT INTO org_call_budgets (org_id, period, period_start, used) "
                + "VALUES (?, 'month', date_trunc('month', now() AT TIME ZONE 'UTC')::date, 200)",
                monthly.organizationId());
        monthly.place(monthly.call(CallApi.freshNumber())).statusCode(429)
                .body("error.details.limit", equalTo("organization_monthly_calls"));

        CallApi concurrent = CallApi.as(TestTokens.forOrganization(UUID.randomUUID()).tier("free"));
        concurrent.placeCall();
        concurrent.placeCall();
        concurrent.place(concurrent.call(CallApi.freshNumber())).statusCode(429)
                .body("error.code", equalTo("RATE_LIMIT_EXCEEDED"))
                .body("error.details.limit", equalTo("concurrent_calls"));
        assertEquals(2, concurrent.live("outbound"));
    }

    @Test
    void aRefusedDialFailsTheRecordAndGivesEverythingBack() {
        CallApi api = CallApi.newOrganization();
        String to = CallApi.numberEnding("0003");
        String callId = api.place(api.call(to)).statusCode(502)
                .body("error.code", equalTo("CALL_DISPATCH_FAILED"))
                .extract().path("error.details.call_id");
        Map<String, Object> row = CallApi.row(callId);
        assertEquals("failed", row.get("status"));
        assertEquals("dial_failed", row.get("end_reason"));
        assertEquals(0, api.keyCallsToday());
        assertEquals(0, api.budgetUsed("day"));
        assertEquals(0, api.budgetUsed("month"));
        assertEquals(0, api.live("outbound"));
        // The guard is free again: a retry dials at once, and is refused again by this carrier.
        api.place(api.call(to)).statusCode(502).body("error.code", equalTo("CALL_DISPATCH_FAILED"));
        assertEquals(2, RuntimeStandIn.dialsTo(to).size());
    }

    @Test
    void aDialWithoutAnswerKeepsTheCallInitiatingAndAnswers201() {
        CallApi api = CallApi.newOrganization();
        String to = CallApi.numberEnding("0008");
        String id = api.place(api.call(to)).statusCode(201).body("status", equalTo("initiating"))
                .extract().path("id");
        assertEquals("initiating", CallApi.row(id).get("status"));
        assertEquals(1, api.keyCallsToday());
        assertEquals(1, api.live("outbound"));
    }

    @Test
    void aRecordThatCannotBeWrittenIsCallFailedWithNothingDialledOrSpent() {
        CallApi api = CallApi.newOrganization();
        String to = CallApi.freshNumber();
        TestDatabase.update("CREATE OR REPLACE FUNCTION refuse_call() RETURNS trigger LANGUAGE plpgsql AS $$ "
                + "BEGIN RAISE EXCEPTION 'refused by test'; END; $$");
        TestDatabase.update("CREATE TRIGGER refuse_call BEFORE INSERT ON calls FOR EACH ROW WHEN (NEW.caller = '"
                + to + "') EXECUTE FUNCTION refuse_call()");
        try {
            api.place(api.call(to)).statusCode(500).body("error.code", equalTo("CALL_FAILED"));
        } finally {
            TestDatabase.update("DROP TRIGGER refuse_call ON calls");
        }
        assertEquals(0, RuntimeStandIn.dialsTo(to).size());
        assertEquals(0, api.keyCallsToday());
        assertEquals(0, api.budgetUsed("day"));
        assertEquals(0, api.live("outbound"));
        // Nothing guards the number either.
        api.place(api.call(to)).statusCode(201);
    }

    @Test
    void placingNeedsCallsWrite() {
        CallApi api = CallApi.as(TestTokens.forOrganization(UUID.randomUUID()).scopes("calls:read"));
        api.place(api.call(CallApi.freshNumber())).statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
    }
}
