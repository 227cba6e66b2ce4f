package dev.voiceplatform.runtime;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.events.Topics;
import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.arc.Arc;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/** Speaks to the runtime as the calls service does (contract 1 to 3), and reads what it publishes. */
public final class RuntimeApi {

    public static final Duration EVENT_WAIT = Duration.ofSeconds(30);

    private RuntimeApi() {
    }

    /** A service token of the calls service for the organization, addressed to the runtime. */
    public static String callsBearer(UUID organizationId) {
        return "Bearer " + Arc.container().instance(InternalTokenIssuer.class).get()
                .forService("calls", "runtime", organizationId);
    }

    public static RequestSpecification asCalls(UUID organizationId) {
        return given().header("Authorization", callsBearer(organizationId));
    }

    public static Map<String, Object> dialBody(UUID callId, UUID organizationId, UUID agentId, String to,
            Map<String, Object> metadata) {
        Map<String, Object> body = new HashMap<>();
        body.put("call_id", callId.toString());
        body.put("organization_id", organizationId.toString());
        body.put("agent_id", agentId.toString());
        body.put("direction", "outbound");
        body.put("to", to);
        body.put("from", "+12015550100");
        body.put("metadata", metadata);
        return body;
    }

    public static Response dial(UUID callId, UUID organizationId, UUID agentId, String to) {
        return dial(callId, organizationId, agentId, to, Map.of());
    }

    public static Response dial(UUID callId, UUID organizationId, UUID agentId, String to,
            Map<String, Object> metadata) {
        return asCalls(organizationId).contentType(ContentType.JSON)
                .body(dialBody(callId, organizationId, agentId, to, metadata)).post("/internal/calls/dial");
    }

    public static Response teardown(UUID callId, UUID organizationId) {
        return asCalls(organizationId).post("/internal/calls/" + callId + "/teardown");
    }

    /** An organization with one published agent of these settings. */
    public record Org(UUID id, UUID agent) {

        public static Org withAgent(JsonObject settings) {
            UUID organization = UUID.randomUUID();
            return new Org(organization, AgentsStandIn.register(organization, settings));
        }
    }

    /** Reads runtime.events from the beginning. */
    public static KafkaEvents events() {
        return new KafkaEvents(TestDatabase.kafkaBootstrapServers(), Topics.RUNTIME);
    }

    /** The data of the first event of {@code type} for the call. */
    public static JsonNode await(KafkaEvents events, String type, UUID callId) {
        return events.await(KafkaEvents.ofType(type, callId.toString()), EVENT_WAIT).data();
    }

    /** How many events of {@code type} arrived for the call after waiting a little for stragglers. */
    public static long count(KafkaEvents events, String type, UUID callId, Duration wait) {
        return events.drain(wait).stream()
                .filter(event -> type.equals(event.type()) && callId.toString().equals(event.key())).count();
    }
}
