package dev.voiceplatform.calls.internal;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.calls.call.rest.CallApi;
import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The voice runtime opens the records of inbound calls, within each organization's inbound ceiling. */
@QuarkusTest
class InboundCallTest {

    @Inject
    InternalTokenIssuer tokens;

    private ValidatableResponse inbound(UUID organizationId, Map<String, ?> body) {
        return given().header("Authorization", "Bearer " + tokens.forService("runtime", "calls", organizationId))
                .contentType(ContentType.JSON).body(body).post("/internal/calls/inbound").then();
    }

    private static Map<String, Object> body(CallApi api, String from) {
        Map<String, Object> body = new HashMap<>();
        body.put("organization_id", api.organizationId().toString());
        body.put("agent_id", api.agentId());
        body.put("from", from);
        body.put("to", "+12015550150");
        return body;
    }

    @Test
    void anInboundCallOpensAnInitiatingRecord() {
        CallApi api = CallApi.newOrganization();
        String from = CallApi.freshNumber();
        String id = inbound(api.organizationId(), body(api, from)).statusCode(201)
                .body("call_id", notNullValue()).body("metadata.size()", equalTo(0)).extract().path("call_id");
        api.get(id).statusCode(200).body("status", equalTo("initiating")).body("direction", equalTo("inbound"))
                .body("caller", equalTo(from)).body("callee", equalTo("+12015550150"))
                .body("agent.id", equalTo(api.agentId()));
        assertEquals(1, api.live("inbound"));
        assertEquals(0, api.live("outbound"));
    }

    @Test
    void pastTheCeilingTheCallIsRefusedAndKeptAsFailedWithCallEnded() {
        // An organization whose tier the service has not seen gets the default (free) ceiling: 2.
        CallApi api = CallApi.newOrganization();
        inbound(api.organizationId(), body(api, CallApi.freshNumber())).statusCode(201);
        inbound(api.organizationId(), body(api, CallApi.freshNumber())).statusCode(201);
        String refused = inbound(api.organizationId(), body(api, CallApi.freshNumber())).statusCode(429)
                .body("error.code", equalTo("RATE_LIMIT_EXCEEDED"))
                .body("error.details.limit", equalTo("inbound_concurrency"))
                .extract().path("error.details.call_id");
        assertEquals("failed", CallApi.row(refused).get("status"));
        assertEquals("inbound_limit", CallApi.row(refused).get("end_reason"));
        assertEquals(2, api.live("inbound"));
        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "calls.events")) {
            KafkaEvents.ReceivedEvent ended = events.await(KafkaEvents.ofType("call.ended", refused),
                    Duration.ofSeconds(30));
            assertEquals("failed", ended.data().path("status").asText());
            assertEquals("inbound", ended.data().path("direction").asText());
            assertEquals("inbound_limit", ended.data().path("end_reason").asText());
        }
    }

    @Test
    void theCeilingFollowsTheTierTheOrganizationsRequestsCarry() {
        CallApi api = CallApi.as(TestTokens.forOrganization(UUID.randomUUID()).tier("premium"));
        api.placeCall();
        for (int i = 0; i < 3; i++) {
            inbound(api.organizationId(), body(api, CallApi.freshNumber())).statusCode(201);
        }
    }

    @Test
    void theBodyMustNameTheTokensOrganizationAnUsableAgentAndNumbers() {
        CallApi api = CallApi.newOrganization();
        Map<String, Object> body = body(api, "not a number");
        body.put("organization_id", UUID.randomUUID().toString());
        inbound(api.organizationId(), body).statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", org.hamcrest.Matchers.containsInAnyOrder("organization_id", "from"));
        Map<String, Object> unknownAgent = body(api, CallApi.freshNumber());
        unknownAgent.put("agent_id", UUID.randomUUID().toString());
        inbound(api.organizationId(), unknownAgent).statusCode(400).body("error.code", equalTo("AGENT_NOT_FOUND"));
    }

    @Test
    void onlyPlatformServicesOpenInboundCalls() {
        CallApi api = CallApi.newOrganization();
        api.request().body(body(api, CallApi.freshNumber())).post("/internal/calls/inbound").then().statusCode(403);
    }
}
