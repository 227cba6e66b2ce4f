package dev.voiceplatform.agents.agent.rest;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** POST /agents/:id/duplicate (parts 3.1 and 4.2). */
@QuarkusTest
class AgentDuplicateTest {

    private static final String SETTINGS = "{\"stageGraph\": {\"start\": \"welcome\", \"stages\": [{\"id\": \"welcome\"},"
            + " {\"id\": \"booking\"}], \"edges\": [{\"from\": \"welcome\", \"to\": \"booking\"}]},"
            + " \"webhook\": {\"url\": \"https://hooks.example.com/calls\", \"enabled\": true,"
            + " \"events\": [\"call_end\"], \"timeout_ms\": 3000}, \"agentTimezone\": \"Asia/Jerusalem\"}";
    private static final String SECRETS = "{\"webhook.secret\": \"whsec_copied\", \"vendor1ApiKey\": \"v1-key\"}";

    @Test
    void copiesEveryColumnAndTheSettingsAndSecretsDocumentsIntoANewInactiveAgent() {
        AgentApi api = AgentApi.newOrganization();
        String source = api.create(Map.of("name", "Clinic", "prompt", "You book appointments.",
                        "description", "Front desk", "greeting", "שלום!", "language", "he",
                        "model", "engineB-realtime", "voice", "Kore"))
                .statusCode(201).extract().path("id");
        UUID sourceId = UUID.fromString(source);
        TestDatabase.update("UPDATE agents SET settings = ?::jsonb, secrets = ?::jsonb WHERE id = ?",
                SETTINGS, SECRETS, sourceId);
        TestDatabase.update("INSERT INTO agent_phone_numbers (org_id, agent_id, phone_number_id, phone_number, "
                + "bound_at) VALUES (?, ?, ?, '+14155550123', now())", api.organizationId(), sourceId, UUID.randomUUID());
        api.publish(source).statusCode(200);

        ExtractableResponse<Response> response = api.duplicate(source).statusCode(201)
                .header("ETag", equalTo("\"1\""))
                .body("id", not(equalTo(source)))
                .body("name", equalTo("Clinic (copy)"))
                .body("description", equalTo("Front desk"))
                .body("prompt", equalTo("You book appointments."))
                .body("greeting", equalTo("שלום!"))
                .body("language", equalTo("he"))
                .body("model", equalTo("engineB-realtime"))
                .body("voice", equalTo("Kore"))
                .body("status", equalTo("inactive"))
                .body("published", equalTo(false))
                .body("version", equalTo(1))
                .body("created_at", notNullValue())
                .extract();
        String copy = response.path("id");
        assertThat(response.header("Location"), endsWith("/agents/" + copy));

        // The publish sealed the source's credentials (written in plain text above, as before sealing existed); the
        // copy holds them exactly as the source stores them.
        Map<String, Object> copied = TestDatabase.query("SELECT settings::text = ?::jsonb::text AS same_settings, "
                + "secrets::text = (SELECT secrets::text FROM agents WHERE id = ?) AS same_secrets, "
                + "secrets::text LIKE '%whsec_copied%' AS plain_secrets, is_tester, test_target_agent_id, created_at "
                + "FROM agents WHERE id = ?", SETTINGS, sourceId, UUID.fromString(copy)).get(0);
        assertEquals(true, copied.get("same_settings"));
        assertEquals(true, copied.get("same_secrets"));
        assertEquals(false, copied.get("plain_secrets"));
        new ConfigApi(api).get(copy).statusCode(200)
                .body("secrets_configured.'webhook.secret'", equalTo(true))
                .body("secrets_configured.vendor1ApiKey", equalTo(true));
        assertEquals(false, copied.get("is_tester"));
        assertEquals(null, copied.get("test_target_agent_id"));
        Object sourceCreated = TestDatabase.query(
                "SELECT created_at FROM agents WHERE id = ?", sourceId).get(0).get("created_at");
        assertNotEquals(sourceCreated, copied.get("created_at"));

        api.get(copy).statusCode(200).body("phone_number", nullValue()).body("phone_numbers", nullValue())
                .body("status", equalTo("inactive"));
        api.get(source).statusCode(200).body("phone_number", equalTo("+14155550123")).body("status", equalTo("active"));

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "agents.events")) {
            KafkaEvents.ReceivedEvent created = events.await(KafkaEvents.ofType("agent.created", copy),
                    Duration.ofSeconds(30));
            assertEquals("Clinic (copy)", created.data().path("agent").path("name").asText());
            KafkaEvents.ReceivedEvent duplicated = events.await(KafkaEvents.ofType("agent.duplicated", copy),
                    Duration.ofSeconds(30));
            assertEquals(source, duplicated.data().path("source_agent_id").asText());
            assertEquals(copy, duplicated.data().path("new_agent_id").asText());
            assertEquals(copy, duplicated.envelope().path("agent_id").asText());
            assertEquals(api.organizationId().toString(), duplicated.envelope().path("org_id").asText());
        }
    }

    @Test
    void theCopySuffixFitsInOneHundredCharactersWithoutSplittingACharacter() {
        AgentApi api = AgentApi.newOrganization().withMaxAgents(20);
        String emoji = "\uD83D\uDE00";
        String longEmojiName = api.createAgent(emoji.repeat(100));
        api.duplicate(longEmojiName).statusCode(201).body("name", equalTo(emoji.repeat(93) + " (copy)"));

        String ninetyThree = api.createAgent("ש".repeat(93));
        api.duplicate(ninetyThree).statusCode(201).body("name", equalTo("ש".repeat(93) + " (copy)"));
        String ninetyFour = api.createAgent("ש".repeat(94));
        api.duplicate(ninetyFour).statusCode(201).body("name", equalTo("ש".repeat(93) + " (copy)"));

        String copyOfCopy = api.duplicate(api.createAgent("Desk")).statusCode(201).extract().path("id");
        api.duplicate(copyOfCopy).statusCode(201).body("name", equalTo("Desk (copy) (copy)"));
    }

    @Test
    void aDuplicateCountsAgainstThePlanLikeACreate() {
        AgentApi api = AgentApi.newOrganization().withMaxAgents(2);
        String source = api.createAgent("one");
        api.duplicate(source).statusCode(201);
        api.duplicate(source).statusCode(402)
                .body("error.code", equalTo("AGENT_LIMIT_REACHED"))
                .body("error.details.current", equalTo(2))
                .body("error.details.max_agents", equalTo(2))
                .body("error.details.current_tier", equalTo("standard"));
    }

    @Test
    void testersDoNotTakeTheSlotADuplicateNeeds() {
        AgentApi api = AgentApi.newOrganization().withMaxAgents(2);
        String source = api.createAgent("one");
        api.tester(source, Map.of()).statusCode(201);
        api.duplicate(source).statusCode(201);
    }

    @Test
    void concurrentDuplicatesNeverExceedThePlan() throws Exception {
        AgentApi api = AgentApi.newOrganization().withMaxAgents(3);
        String source = api.createAgent("popular");
        ExecutorService pool = Executors.newFixedThreadPool(6);
        List<Integer> statuses = new ArrayList<>();
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                results.add(pool.submit(() -> api.duplicate(source).extract().statusCode()));
            }
            for (Future<Integer> result : results) {
                statuses.add(result.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(2, statuses.stream().filter(status -> status == 201).count(), statuses.toString());
        assertEquals(4, statuses.stream().filter(status -> status == 402).count(), statuses.toString());
        assertEquals(3L, TestDatabase.query("SELECT count(*) AS n FROM agents WHERE org_id = ?",
                api.organizationId()).get(0).get("n"));
    }

    @Test
    void aSuspendedOrExpiredAccountCannotDuplicate() {
        UUID organization = UUID.randomUUID();
        String source = AgentApi.as(TestTokens.forOrganization(organization).scopes(AgentApi.ALL_AGENT_SCOPES))
                .createAgent("source");
        for (String status : List.of("suspended", "trial_expired")) {
            AgentApi.as(TestTokens.forOrganization(organization).scopes(AgentApi.ALL_AGENT_SCOPES)
                            .accountStatus(status))
                    .duplicate(source).statusCode(402)
                    .body("error.code", equalTo("TRIAL_EXPIRED"))
                    .body("error.details.upgrade_url", notNullValue());
        }
    }

    @Test
    void aTesterIsNotDuplicated() {
        AgentApi api = AgentApi.newOrganization();
        String tester = api.tester(api.createAgent("target"), Map.of()).statusCode(201).extract().path("id");
        api.duplicate(tester).statusCode(422)
                .body("error.code", equalTo("INVALID_REQUEST"))
                .body("error.hint", notNullValue());
    }

    @Test
    void anotherOrganizationsADeletedOrAMalformedAgentIsNotFound() {
        AgentApi owner = AgentApi.newOrganization();
        String source = owner.createAgent("private");
        AgentApi.newOrganization().duplicate(source).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        owner.duplicate("not-a-uuid").statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        owner.delete(source).statusCode(200);
        owner.duplicate(source).statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        assertEquals(1L, TestDatabase.query("SELECT count(*) AS n FROM agents WHERE org_id = ?",
                owner.organizationId()).get(0).get("n"));
    }

    @Test
    void aResellerKeyOrAKeyWithoutAgentsWriteCannotDuplicate() {
        AgentApi owner = AgentApi.newOrganization();
        String source = owner.createAgent("source");
        AgentApi.as(TestTokens.forOrganization(owner.organizationId()).scopes(AgentApi.ALL_AGENT_SCOPES).reseller())
                .duplicate(source).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        AgentApi.as(TestTokens.forOrganization(owner.organizationId()).scopes("agents:read", "agents:test"))
                .duplicate(source).statusCode(403).body("error.code", equalTo("INSUFFICIENT_SCOPE"));
    }
}
