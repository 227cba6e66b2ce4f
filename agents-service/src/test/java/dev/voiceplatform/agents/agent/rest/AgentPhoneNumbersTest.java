package dev.voiceplatform.agents.agent.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.agents.number.service.AgentPhoneNumbers;
import dev.voiceplatform.agents.number.service.NumberEvents;
import dev.voiceplatform.common.inbox.Inbox;
import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Agent items show the numbers the numbers service announces on numbers.events; the inbox applies each event once,
 * with its processed mark, in one transaction.
 */
@QuarkusTest
class AgentPhoneNumbersTest {

    private static final Instant EARLIER = Instant.parse("2026-08-06T10:00:00Z");

    @Inject
    Inbox inbox;

    @Test
    void listAndGetShowTheNumbersRoutingToAnAgentFirstBoundFirst() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("front desk");
        String plain = api.createAgent("no number");
        try (NumberEvents events = new NumberEvents()) {
            events.bound(api.organizationId(), agent, UUID.randomUUID(), "+12015550101", EARLIER.plusSeconds(60));
            events.bound(api.organizationId(), agent, UUID.randomUUID(), "+12015550100", EARLIER);
        }
        Eventually.check(() -> api.get(agent).statusCode(200)
                .body("phone_number", equalTo("+12015550100"))
                .body("phone_numbers", contains("+12015550100", "+12015550101")));
        api.request().get("/agents").then().statusCode(200)
                .body("data.find { it.id == '" + agent + "' }.phone_number", equalTo("+12015550100"))
                .body("data.find { it.id == '" + agent + "' }.phone_numbers.size()", equalTo(2))
                .body("data.find { it.id == '" + plain + "' }", not(hasKey("phone_number")))
                .body("data.find { it.id == '" + plain + "' }", not(hasKey("phone_numbers")));
        api.get(plain).statusCode(200).body("$", not(hasKey("phone_number"))).body("$", not(hasKey("phone_numbers")));

        // The internal lookup other services make carries the first number too (the calls service dials from it).
        given().header("Authorization", TestTokens.forOrganization(api.organizationId()).bearer())
                .get("/internal/agents/" + agent).then().statusCode(200).body("phone_number", equalTo("+12015550100"));
        given().header("Authorization", TestTokens.forOrganization(api.organizationId()).bearer())
                .get("/internal/agents/" + plain).then().statusCode(200).body("phone_number", nullValue());
    }

    @Test
    void anUnboundNumberDisappearsAndTheFieldsAreOmittedWhenNoneIsLeft() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("line");
        UUID number = UUID.randomUUID();
        try (NumberEvents events = new NumberEvents()) {
            events.bound(api.organizationId(), agent, number, "+12015550102", EARLIER);
            Eventually.check(() -> api.get(agent).body("phone_number", equalTo("+12015550102")));
            events.unbound(api.organizationId(), agent, number, "+12015550102");
        }
        Eventually.check(() -> api.get(agent).statusCode(200).body("$", not(hasKey("phone_number")))
                .body("$", not(hasKey("phone_numbers"))));
    }

    @Test
    void aRedeliveredEventIsAppliedOnce() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("redelivered");
        UUID number = UUID.randomUUID();
        try (NumberEvents events = new NumberEvents()) {
            UUID bound = events.bound(api.organizationId(), agent, number, "+12015550103", EARLIER);
            events.unbound(api.organizationId(), agent, number, "+12015550103");
            // Kafka delivers the bind again after the unbind, then a later event of the same agent.
            events.send(bound, "number.bound", api.organizationId(), agent,
                    NumberEvents.data(agent, number, "+12015550103").put("bound_at", EARLIER.toString()));
            events.bound(api.organizationId(), agent, UUID.randomUUID(), "+12015550104", EARLIER.plusSeconds(1));
            Eventually.check(() -> api.get(agent).body("phone_numbers", contains("+12015550104")));
            assertEquals(1, TestDatabase.query("SELECT event_id FROM processed_event WHERE consumer = ? "
                    + "AND event_id = ?", AgentPhoneNumbers.CONSUMER, bound).size());
        }
    }

    @Test
    void typesItDoesNotKnowAndUnreadableRecordsArePassedOver() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("robust");
        try (NumberEvents events = new NumberEvents()) {
            UUID unknown = events.send(UUID.randomUUID(), "number.ported", api.organizationId(), agent,
                    NumberEvents.data(agent, UUID.randomUUID(), "+12015550105"));
            events.sendRaw(agent, "not an event");
            events.send(UUID.randomUUID(), "number.bound", api.organizationId(), agent,
                    NumberEvents.data(agent, UUID.randomUUID(), "+12015550106").put("bound_at", "yesterday"));
            events.bound(api.organizationId(), agent, UUID.randomUUID(), "+12015550107", EARLIER);
            Eventually.check(() -> api.get(agent).body("phone_numbers", contains("+12015550107")));
            assertEquals(0, TestDatabase.query("SELECT event_id FROM processed_event WHERE event_id = ?", unknown)
                    .size());
        }
    }

    @Test
    void aNumberShowsOnlyInTheOrganizationTheEventNames() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("tenant");
        try (NumberEvents events = new NumberEvents()) {
            events.bound(UUID.randomUUID(), agent, UUID.randomUUID(), "+12015550108", EARLIER);
            events.bound(api.organizationId(), agent, UUID.randomUUID(), "+12015550109", EARLIER.plusSeconds(1));
        }
        Eventually.check(() -> api.get(agent).body("phone_numbers", contains("+12015550109")));
    }

    @Test
    void anEventWhoseTransactionFailsLeavesNoMarkAndIsReadAgainUntilItApplies() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("retried");
        String phone = "+12015550110";
        // Refuses this number and counts the attempts in a sequence, which a rollback does not undo.
        TestDatabase.update("CREATE SEQUENCE refused_attempts");
        TestDatabase.update("CREATE FUNCTION refuse_for_test() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "PERFORM nextval('refused_attempts'); RAISE EXCEPTION 'refused for the test'; END $$");
        TestDatabase.update("CREATE TRIGGER refuse_for_test BEFORE INSERT ON agent_phone_numbers FOR EACH ROW "
                + "WHEN (NEW.phone_number = '" + phone + "') EXECUTE FUNCTION refuse_for_test()");
        UUID event;
        try (NumberEvents events = new NumberEvents()) {
            event = events.bound(api.organizationId(), agent, UUID.randomUUID(), phone, EARLIER);
            Eventually.check(() -> assertTrue((Long) TestDatabase.query("SELECT CASE WHEN is_called THEN last_value "
                    + "ELSE 0 END AS attempts FROM refused_attempts").get(0).get("attempts") >= 2));
            assertEquals(0, TestDatabase.query("SELECT event_id FROM processed_event WHERE event_id = ?", event)
                    .size());
            api.get(agent).body("$", not(hasKey("phone_number")));
        } finally {
            TestDatabase.update("DROP TRIGGER refuse_for_test ON agent_phone_numbers");
            TestDatabase.update("DROP FUNCTION refuse_for_test()");
            TestDatabase.update("DROP SEQUENCE refused_attempts");
        }
        Eventually.check(() -> api.get(agent).body("phone_number", equalTo(phone)));
        assertEquals(1, TestDatabase.query("SELECT event_id FROM processed_event WHERE event_id = ?", event).size());
    }

    @Test
    void processedIdsPastTheRetentionAreForgottenAndTheInboxResumesAfterARestart() {
        UUID old = UUID.randomUUID();
        UUID recent = UUID.randomUUID();
        TestDatabase.update("INSERT INTO processed_event (consumer, event_id, processed_at) VALUES "
                + "(?, ?, now() - interval '31 days'), (?, ?, now() - interval '29 days')",
                AgentPhoneNumbers.CONSUMER, old, AgentPhoneNumbers.CONSUMER, recent);
        inbox.stop();
        inbox.start();
        Eventually.check(() -> assertEquals(0, TestDatabase.query("SELECT event_id FROM processed_event "
                + "WHERE event_id = ?", old).size()));
        assertEquals(1, TestDatabase.query("SELECT event_id FROM processed_event WHERE event_id = ?", recent).size());

        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("after restart");
        try (NumberEvents events = new NumberEvents()) {
            events.bound(api.organizationId(), agent, UUID.randomUUID(), "+12015550111", EARLIER);
        }
        Eventually.check(() -> api.get(agent).body("phone_number", equalTo("+12015550111")));
    }
}
