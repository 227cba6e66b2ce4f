package dev.voiceplatform.calls.call.rest;

import static io.restassured.RestAssured.given;

import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/** Calls of the calls API as one organization's key would make them through the gateway. */
public final class CallApi {

    private static final AtomicInteger NUMBERS = new AtomicInteger(1000);

    private final TestTokens tokens;
    private final UUID agentId = UUID.randomUUID();

    private CallApi(TestTokens tokens) {
        this.tokens = tokens;
        AgentsServiceStandIn.register(organizationId(), agentId, "active");
    }

    public static CallApi newOrganization() {
        return as(TestTokens.forOrganization(UUID.randomUUID()));
    }

    /** With every scope of calls and agents:read, unless the tokens name scopes themselves. */
    public static CallApi as(TestTokens tokens) {
        if (tokens.tenant().scopes().isEmpty()) {
            tokens.scopes("calls:read", "calls:write", "calls:control", "agents:read");
        }
        return new CallApi(tokens);
    }

    public UUID organizationId() {
        return tokens.tenant().organizationId();
    }

    public String keyId() {
        return tokens.tenant().keyId();
    }

    /** A published agent of this organization, known to the agents service. */
    public String agentId() {
        return agentId.toString();
    }

    /** Another agent of this organization in the given status. */
    public String agent(String status) {
        UUID id = UUID.randomUUID();
        AgentsServiceStandIn.register(organizationId(), id, status);
        return id.toString();
    }

    public RequestSpecification request() {
        return given().header("Authorization", tokens.bearer()).contentType(ContentType.JSON);
    }

    /** A US number no other test dials, whose last four digits the runtime stand-in reads as a plain answer. */
    public static String freshNumber() {
        return "+1415" + (2_000_000 + NUMBERS.incrementAndGet());
    }

    /** A fresh number ending in the given four digits (the local carrier's test numbers). */
    public static String numberEnding(String lastFour) {
        return "+1212" + (200 + NUMBERS.incrementAndGet() % 800) + lastFour;
    }

    public Map<String, Object> call(String to) {
        Map<String, Object> body = new HashMap<>();
        body.put("to", to);
        body.put("agent_id", agentId());
        return body;
    }

    public ValidatableResponse place(Map<String, ?> body) {
        return request().body(body).post("/calls").then();
    }

    /** Places a call to a fresh number; its id. */
    public String placeCall() {
        return place(call(freshNumber())).statusCode(201).extract().path("id");
    }

    public ValidatableResponse get(String id) {
        return request().get("/calls/" + id).then();
    }

    public ValidatableResponse hangup(String id) {
        return request().post("/calls/" + id + "/hangup").then();
    }

    public static Map<String, Object> row(String callId) {
        return TestDatabase.query("SELECT * FROM calls WHERE id = ?", UUID.fromString(callId)).get(0);
    }

    public int keyCallsToday() {
        var rows = TestDatabase.query("SELECT used FROM key_daily_calls WHERE org_id = ? AND key_id = ?",
                organizationId(), keyId());
        return rows.isEmpty() ? 0 : ((Number) rows.get(0).get("used")).intValue();
    }

    public int budgetUsed(String period) {
        var rows = TestDatabase.query("SELECT used FROM org_call_budgets WHERE org_id = ? AND period = ?",
                organizationId(), period);
        return rows.isEmpty() ? 0 : ((Number) rows.get(0).get("used")).intValue();
    }

    public int live(String direction) {
        var rows = TestDatabase.query("SELECT live FROM org_live_calls WHERE org_id = ? AND direction = ?",
                organizationId(), direction);
        return rows.isEmpty() ? 0 : ((Number) rows.get(0).get("live")).intValue();
    }
}
