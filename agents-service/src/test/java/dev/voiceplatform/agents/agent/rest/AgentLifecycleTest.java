package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.hasKey;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AgentLifecycleTest {

    @Test
    void publishUnpublishAndDeleteMoveTheStateAndEmitEvents() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("lifecycle");

        api.publish(id).statusCode(200)
                .body("id", equalTo(id))
                .body("status", equalTo("active"))
                .body("published", equalTo(true))
                .body("version", equalTo(2))
                .body("$", not(hasKey("warning")));
        api.get(id).statusCode(200).body("is_active", equalTo(true)).body("status", equalTo("active"));

        api.unpublish(id).statusCode(200)
                .body("status", equalTo("inactive"))
                .body("published", equalTo(false))
                .body("version", equalTo(3))
                .body("warning", containsString("inbound calls"));

        api.delete(id).statusCode(200).body("id", equalTo(id)).body("deleted", equalTo(true));
        api.get(id).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        api.delete(id).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        api.publish(id).statusCode(404);

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "agents.events")) {
            for (String type : new String[] {"agent.created", "agent.published", "agent.unpublished", "agent.deleted"}) {
                KafkaEvents.ReceivedEvent event = events.await(KafkaEvents.ofType(type, id), Duration.ofSeconds(30));
                assertEquals(api.organizationId().toString(), event.envelope().path("org_id").asText());
            }
            KafkaEvents.ReceivedEvent published = events.await(KafkaEvents.ofType("agent.published", id),
                    Duration.ofSeconds(5));
            assertEquals(true, published.data().path("agent").path("published").asBoolean());
            assertEquals(id, events.await(KafkaEvents.ofType("agent.deleted", id), Duration.ofSeconds(5))
                    .data().path("id").asText());
        }
    }

    @Test
    void publishingAnActiveAgentAndUnpublishingAnInactiveOneChangeNothing() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("idempotent");
        api.unpublish(id).statusCode(200).body("version", equalTo(1)).body("warning", containsString("inbound"));
        api.publish(id).statusCode(200).body("version", equalTo(2));
        api.publish(id).statusCode(200).body("version", equalTo(2)).body("status", equalTo("active"));
    }

    @Test
    void anAgentWithoutAUsablePromptIsNotPublishable() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("promptless");
        // A prompt can be blank only through data written before the API's rules, such as a dashboard save.
        TestDatabase.update("UPDATE agents SET prompt = '  ' WHERE id = ?", UUID.fromString(id));
        api.publish(id).statusCode(422).body("error.code", equalTo("AGENT_NOT_PUBLISHABLE"));
        api.get(id).statusCode(200).body("status", equalTo("inactive"));
    }

    @Test
    void aDraftNeedsAPassingSimulation() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("draft");
        TestDatabase.update("UPDATE agents SET status = 'draft' WHERE id = ?", UUID.fromString(id));
        api.publish(id).statusCode(422).body("error.code", equalTo("AGENT_NEEDS_PASSING_TEST"));
        api.get(id).statusCode(200).body("status", equalTo("draft"));
    }

    @Test
    void aTesterIsNeverPublished() {
        AgentApi api = AgentApi.newOrganization();
        String target = api.createAgent("target");
        String tester = api.createAgent("tester");
        TestDatabase.update("UPDATE agents SET status = 'testing', is_tester = true, test_target_agent_id = ? "
                + "WHERE id = ?", UUID.fromString(target), UUID.fromString(tester));
        api.publish(tester).statusCode(422).body("error.code", equalTo("AGENT_NOT_PUBLISHABLE"));
        api.request().queryParam("status", "testing").get("/agents").then().statusCode(200)
                .body("data[0].id", equalTo(tester)).body("data[0].status", equalTo("testing"));
    }
}
