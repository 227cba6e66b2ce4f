package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.agents.NumbersServiceStandIn;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A delete asks the numbers service to retire the agent first; while a number routes to the agent it is refused. */
@QuarkusTest
class AgentDeleteWithNumbersTest {

    @AfterEach
    void numbersServiceAnswersAgain() {
        NumbersServiceStandIn.failing(false);
    }

    @Test
    void whileANumberRoutesToTheAgentDeleteIs409AndChangesNothing() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("routed");
        NumbersServiceStandIn.routes(api.organizationId(), id);
        api.delete(id).statusCode(409).body("error.code", equalTo("AGENT_HAS_PHONE_NUMBER"))
                .body("error.hint", equalTo("Unbind the phone number first."));
        assertStillThere(id);

        NumbersServiceStandIn.unroutes(api.organizationId(), id);
        api.delete(id).statusCode(200).body("deleted", equalTo(true));
        assertTrue(NumbersServiceStandIn.retired(api.organizationId(), id), "retired with the caller's organization");
    }

    @Test
    void whenTheNumbersServiceCannotAnswerNothingIsDeleted() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("unchecked");
        NumbersServiceStandIn.failing(true);
        api.delete(id).statusCode(503).body("error.code", equalTo("SERVICE_UNAVAILABLE"));
        assertStillThere(id);
        NumbersServiceStandIn.failing(false);
        api.delete(id).statusCode(200);
    }

    @Test
    void anAgentTheCallerCannotReachIsNeverRetired() {
        AgentApi owner = AgentApi.newOrganization();
        AgentApi stranger = AgentApi.newOrganization();
        String id = owner.createAgent("private");
        stranger.delete(id).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        assertFalse(NumbersServiceStandIn.retired(stranger.organizationId(), id));
        assertFalse(NumbersServiceStandIn.retired(owner.organizationId(), id));
    }

    private static void assertStillThere(String id) {
        Map<String, Object> row = TestDatabase.query("SELECT version, deleted_at FROM agents WHERE id = ?",
                UUID.fromString(id)).get(0);
        assertNull(row.get("deleted_at"));
        assertEquals(1, row.get("version"));
        assertEquals(0, TestDatabase.query("SELECT id FROM outbox_event WHERE message_key = ? "
                + "AND event_type = 'agent.deleted'", id).size());
    }
}
