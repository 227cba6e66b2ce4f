package dev.voiceplatform.numbers.number.rest;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
class BindTest {

    @AfterEach
    void agentsServiceAnswersAgain() {
        AgentsServiceStandIn.failing(false);
    }

    @Test
    void bindsANumberToAnAgentWithAWarningWhileRoutingIsNotLive() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        String agent = api.newAgent();
        String phone = phoneOf(number);
        String correlationId = "bind-" + UUID.randomUUID();

        api.request().header("X-Correlation-ID", correlationId).body(Map.of("phone_number_id", number))
                .post("/agents/" + agent + "/phone-number").then().statusCode(200)
                .body("agent_id", equalTo(agent))
                .body("phone_number", equalTo(phone))
                .body("routing_live", equalTo(false))
                .body("warning", containsString("routing is not live"));
        api.list().statusCode(200)
                .body("data[0].id", equalTo(number))
                .body("data[0].inbound_agent_id", equalTo(agent))
                .body("data[0].bound", equalTo(true));

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "numbers.events")) {
            KafkaEvents.ReceivedEvent bound = events.await(KafkaEvents.ofType("number.bound", agent),
                    Duration.ofSeconds(30));
            assertEquals(api.organizationId().toString(), bound.envelope().path("org_id").asText());
            assertEquals(agent, bound.envelope().path("agent_id").asText());
            assertEquals(correlationId, bound.envelope().path("correlation_id").asText());
            assertEquals(number, bound.data().path("phone_number_id").asText());
            assertEquals(phone, bound.data().path("phone_number").asText());
            assertEquals(agent, bound.data().path("agent_id").asText());
        }
    }

    @Test
    void bindingTheSameAgentAgainChangesNothingAndEmitsNothing() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        String agent = api.newAgent();
        api.bind(agent, number).statusCode(200);
        api.bind(agent, number).statusCode(200).body("agent_id", equalTo(agent)).body("routing_live", equalTo(false));
        assertEquals(1, TestDatabase.query("SELECT id FROM outbox_event WHERE event_type = 'number.bound' "
                + "AND message_key = ?", agent).size());
    }

    @Test
    void aNumberBoundToAnotherAgentIs409() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        String first = api.newAgent();
        String second = api.newAgent();
        api.bind(first, number).statusCode(200);
        api.bind(second, number).statusCode(409)
                .body("error.code", equalTo("PHONE_NUMBER_ALREADY_BOUND"))
                .body("error.details.inbound_agent_id", equalTo(first));
        api.list().body("data[0].inbound_agent_id", equalTo(first));
    }

    @Test
    void anAgentTheOrganizationDoesNotHaveIs404() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        String othersAgent = NumberApi.newOrganization().newAgent();
        api.bind(UUID.randomUUID().toString(), number).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        api.bind(othersAgent, number).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        api.bind("not-a-uuid", number).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        api.list().body("data[0].bound", equalTo(false));
    }

    @Test
    void aNumberOfAnotherOrganizationOrNoNumberIs404() {
        NumberApi api = NumberApi.newOrganization();
        NumberApi other = NumberApi.newOrganization();
        String othersNumber = other.acquireNumber();
        String agent = api.newAgent();
        api.bind(agent, othersNumber).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        api.bind(agent, UUID.randomUUID().toString()).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        other.list().body("data[0].bound", equalTo(false));
    }

    @Test
    void aReleasedNumberCannotBeBound() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        TestDatabase.update("UPDATE phone_numbers SET status = 'released', released_at = now() WHERE id = ?",
                UUID.fromString(number));
        api.bind(api.newAgent(), number).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    @Test
    void aTesterCannotBeBound() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        api.bind(api.newTester(), number).statusCode(409)
                .body("error.code", equalTo("CONFLICT"))
                .body("error.message", containsString("tester"));
        api.list().body("data[0].bound", equalTo(false)).body("data[0].inbound_agent_id", nullValue());
    }

    @Test
    void thePhoneNumberIdIsRequiredAndAUuid() {
        NumberApi api = NumberApi.newOrganization();
        String agent = api.newAgent();
        api.bind(agent, Map.of()).statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("phone_number_id"))
                .body("error.fields[0].reason", equalTo("is required"));
        api.bind(agent, "abc").statusCode(400).body("error.fields[0].reason", equalTo("must be a uuid"));
        api.bind(agent, Map.of("phone_number_id", 12)).statusCode(400)
                .body("error.fields[0].reason", equalTo("must be a string"));
    }

    @Test
    void whenTheAgentsServiceCannotAnswerNothingIsBound() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        String agent = api.newAgent();
        AgentsServiceStandIn.failing(true);
        api.bind(agent, number).statusCode(503).body("error.code", equalTo("SERVICE_UNAVAILABLE"));
        assertNull(TestDatabase.query("SELECT inbound_agent_id FROM phone_numbers WHERE id = ?",
                UUID.fromString(number)).get(0).get("inbound_agent_id"));
    }

    static String phoneOf(String numberId) {
        return (String) TestDatabase.query("SELECT phone_number FROM phone_numbers WHERE id = ?",
                UUID.fromString(numberId)).get(0).get("phone_number");
    }
}
