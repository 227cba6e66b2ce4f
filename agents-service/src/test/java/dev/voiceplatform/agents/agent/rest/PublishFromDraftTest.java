package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * How an agent enters draft (a prompt change of an inactive agent under the publish-requires-test entitlement) and
 * the publish rule of part 3.1: a draft publishes only after a completed simulation scored 70 or more on its
 * current prompt.
 */
@QuarkusTest
class PublishFromDraftTest {

    private static final String FIRST_PROMPT = "You answer calls for a bakery.";
    private static final String SECOND_PROMPT = "You answer calls for a bakery and take cake orders.";

    @Test
    void withoutTheEntitlementAPromptChangeKeepsTheAgentInactive() {
        AgentApi api = AgentApi.newOrganization();
        String id = api.createAgent("plain");
        api.patch(id, Map.of("prompt", SECOND_PROMPT)).statusCode(200).body("status", equalTo("inactive"));
        api.publish(id).statusCode(200).body("status", equalTo("active"));
    }

    @Test
    void withTheEntitlementAPromptChangeOfAnInactiveAgentMakesItADraft() {
        AgentApi api = entitled();
        String id = api.createAgent("gated");
        api.patch(id, Map.of("name", "renamed")).statusCode(200).body("status", equalTo("inactive"));
        api.patch(id, Map.of("prompt", SECOND_PROMPT)).statusCode(200)
                .body("status", equalTo("draft"))
                .body("published", equalTo(false))
                .body("version", equalTo(3));
        api.get(id).statusCode(200).body("status", equalTo("draft"));
        api.patch(id, Map.of("prompt", "Yet another prompt.")).statusCode(200).body("status", equalTo("draft"));

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "agents.events")) {
            KafkaEvents.ReceivedEvent updated = events.await(KafkaEvents.ofType("agent.updated", id)
                    .and(event -> event.data().path("agent").path("version").asInt() == 3), Duration.ofSeconds(30));
            assertEquals("draft", updated.data().path("agent").path("status").asText());
            assertEquals("[\"prompt\",\"status\"]", updated.data().path("changed_fields").toString());
        }
    }

    @Test
    void aPromptChangedThroughTheSettingsDocumentMakesADraftAsWell() {
        AgentApi api = entitled();
        String id = api.createAgent("gated through config");
        new ConfigApi(api).patch(id, Map.of("temperature", 0.5)).statusCode(200).body("status", equalTo("inactive"));
        new ConfigApi(api).patch(id, Map.of("prompt", SECOND_PROMPT)).statusCode(200)
                .body("status", equalTo("draft"))
                .body("config.prompt", equalTo(SECOND_PROMPT));
        api.get(id).statusCode(200).body("status", equalTo("draft"));
        api.publish(id).statusCode(422).body("error.code", equalTo("AGENT_NEEDS_PASSING_TEST"));
    }

    @Test
    void anActiveAgentKeepsAnsweringCallsWhenItsPromptChanges() {
        AgentApi api = entitled();
        String id = api.createAgent("live");
        api.publish(id).statusCode(200);
        api.patch(id, Map.of("prompt", SECOND_PROMPT)).statusCode(200).body("status", equalTo("active"));
    }

    @Test
    void aDraftWithoutAnyRunIsRefused() {
        AgentApi api = entitled();
        String id = draft(api);
        api.publish(id).statusCode(422).body("error.code", equalTo("AGENT_NEEDS_PASSING_TEST"));
        api.get(id).statusCode(200).body("status", equalTo("draft"));
    }

    @Test
    void aRunScoring69IsNotAPass() {
        AgentApi api = entitled();
        String id = draft(api);
        insertRun(api, id, "completed", 69, SECOND_PROMPT);
        api.publish(id).statusCode(422).body("error.code", equalTo("AGENT_NEEDS_PASSING_TEST"));
    }

    @Test
    void aPassOnAnOlderPromptDoesNotCount() {
        AgentApi api = entitled();
        String id = draft(api);
        insertRun(api, id, "completed", 95, FIRST_PROMPT);
        api.publish(id).statusCode(422).body("error.code", equalTo("AGENT_NEEDS_PASSING_TEST"));
    }

    @Test
    void onlyACompletedRunOfThisAgentCounts() {
        AgentApi api = entitled();
        String id = draft(api);
        insertRun(api, id, "failed", 90, SECOND_PROMPT);
        insertRun(api, id, "running", 90, SECOND_PROMPT);
        String other = api.createAgent("other");
        insertRun(api, other, "completed", 100, SECOND_PROMPT);
        api.publish(id).statusCode(422).body("error.code", equalTo("AGENT_NEEDS_PASSING_TEST"));
    }

    @Test
    void aRunScoring70OnTheCurrentPromptPublishesTheDraft() {
        AgentApi api = entitled();
        String id = draft(api);
        insertRun(api, id, "completed", 40, SECOND_PROMPT);
        insertRun(api, id, "completed", 70, SECOND_PROMPT);
        api.publish(id).statusCode(200)
                .body("status", equalTo("active"))
                .body("published", equalTo(true))
                .body("version", equalTo(3));
        api.get(id).statusCode(200).body("status", equalTo("active")).body("is_active", equalTo(true));
    }

    @Test
    void aPromptChangedAfterThePassNeedsANewPass() {
        AgentApi api = entitled();
        String id = draft(api);
        insertRun(api, id, "completed", 88, SECOND_PROMPT);
        api.patch(id, Map.of("prompt", "A third prompt.")).statusCode(200).body("status", equalTo("draft"));
        api.publish(id).statusCode(422).body("error.code", equalTo("AGENT_NEEDS_PASSING_TEST"));
    }

    private static AgentApi entitled() {
        return AgentApi.as(TestTokens.forOrganization(UUID.randomUUID()).scopes(AgentApi.ALL_AGENT_SCOPES)
                .entitlements("publish-requires-test"));
    }

    /** An agent made a draft the way the API makes one: its prompt changed while it was inactive. */
    private static String draft(AgentApi api) {
        String id = api.create(Map.of("name", "draft", "prompt", FIRST_PROMPT)).statusCode(201).extract().path("id");
        api.patch(id, Map.of("prompt", SECOND_PROMPT)).statusCode(200).body("status", equalTo("draft"));
        return id;
    }

    /** A simulation run as the simulations work will record it: the hash of the prompt it tested. */
    private static void insertRun(AgentApi api, String agentId, String status, int score, String prompt) {
        TestDatabase.update("INSERT INTO simulation_runs (id, org_id, agent_id, tester_agent_id, status, score, "
                        + "prompt_sha256, report, created_at, started_at, finished_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, '{}'::jsonb, now(), now(), now())",
                UUID.randomUUID(), api.organizationId(), UUID.fromString(agentId), UUID.randomUUID(), status, score,
                sha256(prompt));
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
