package dev.voiceplatform.numbers.number.rest;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

@QuarkusTest
class UnbindTest {

    @Test
    void unbindsEmitsNumberUnboundAndARepeatIs404() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        String phone = BindTest.phoneOf(number);
        String agent = api.newAgent();
        api.bind(agent, number).statusCode(200);

        api.unbind(agent).statusCode(200)
                .body("agent_id", equalTo(agent))
                .body("unbound", equalTo(true))
                .body("phone_numbers", contains(phone));
        api.list().body("data[0].bound", equalTo(false));
        api.unbind(agent).statusCode(404).body("error.code", equalTo("NOT_FOUND"));

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "numbers.events")) {
            KafkaEvents.ReceivedEvent unbound = events.await(KafkaEvents.ofType("number.unbound", agent),
                    Duration.ofSeconds(30));
            assertEquals(number, unbound.data().path("phone_number_id").asText());
            assertEquals(phone, unbound.data().path("phone_number").asText());
            assertEquals(api.organizationId().toString(), unbound.envelope().path("org_id").asText());
        }
    }

    @Test
    void theNumberCanBeBoundToAnotherAgentAfterwards() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquireNumber();
        String first = api.newAgent();
        String second = api.newAgent();
        api.bind(first, number).statusCode(200);
        api.unbind(first).statusCode(200);
        api.bind(second, number).statusCode(200);
        api.list().body("data[0].inbound_agent_id", equalTo(second));
    }

    @Test
    void anotherOrganizationCannotUnbindAndAMalformedIdIs404() {
        NumberApi owner = NumberApi.newOrganization();
        String number = owner.acquireNumber();
        String agent = owner.newAgent();
        owner.bind(agent, number).statusCode(200);
        NumberApi.newOrganization().unbind(agent).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        owner.unbind("not-a-uuid").statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        owner.list().body("data[0].inbound_agent_id", equalTo(agent));
    }
}
