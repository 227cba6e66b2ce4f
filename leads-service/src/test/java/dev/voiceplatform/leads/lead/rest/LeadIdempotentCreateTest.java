package dev.voiceplatform.leads.lead.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.voiceplatform.common.idempotency.IdempotentCreates;
import dev.voiceplatform.common.idempotency.IdempotentCreatesPurge;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * POST /leads with the key the gateway derives from an Idempotency-Key: a create retried after its answer was lost
 * (the service died between commit and answer) answers the lead it made and makes no second one.
 */
@QuarkusTest
class LeadIdempotentCreateTest {

    @Inject
    IdempotentCreatesPurge purge;

    private static String newKey() {
        return "derived-" + UUID.randomUUID();
    }

    private static ExtractableResponse<Response> create(LeadApi api, String key, Map<String, ?> body) {
        return api.request().header(IdempotentCreates.HEADER, key).body(body).post("/leads").then()
                .extract();
    }

    private static long leadsOf(LeadApi api) {
        return (Long) TestDatabase.query("SELECT count(*) AS n FROM leads WHERE org_id = ?::uuid",
                api.organizationId().toString()).get(0).get("n");
    }

    private static long eventsOf(String leadId) {
        return (Long) TestDatabase.query("SELECT count(*) AS n FROM outbox_event WHERE event_type = 'lead.created'"
                + " AND payload::text LIKE ?", "%" + leadId + "%").get(0).get("n");
    }

    @Test
    void aRetryWithTheSameKeyAnswersTheFirstLeadWithTheSameStatusAndMakesNoOther() {
        LeadApi api = LeadApi.newOrganization();
        String key = newKey();
        ExtractableResponse<Response> first = create(api, key, api.validLead());
        assertEquals(201, first.statusCode());
        String id = first.path("id");

        ExtractableResponse<Response> retry = create(api, key, api.validLead());

        assertEquals(201, retry.statusCode());
        assertEquals(id, retry.path("id"));
        assertEquals(first.header("Location"), retry.header("Location"));
        assertEquals(first.asString(), retry.asString());
        assertEquals(1, leadsOf(api));
        assertEquals(1, eventsOf(id), "lead.created is emitted once");
    }

    @Test
    void withoutAKeyEveryCreateMakesALead() {
        LeadApi api = LeadApi.newOrganization();
        api.create(api.validLead()).statusCode(201);
        api.create(api.validLead()).statusCode(201);
        assertEquals(2, leadsOf(api));
    }

    @Test
    void twoOrganizationsMayUseTheSameKey() {
        LeadApi first = LeadApi.newOrganization();
        LeadApi second = LeadApi.newOrganization();
        String key = newKey();

        String firstId = create(first, key, first.validLead()).path("id");
        ExtractableResponse<Response> other = create(second, key, second.validLead());

        assertEquals(201, other.statusCode());
        assertNotEquals(firstId, other.path("id"));
        assertEquals(second.organizationId().toString(), TestDatabase.query(
                "SELECT org_id::text AS org FROM leads WHERE id = ?::uuid", (String) other.path("id")).get(0).get("org"));
        assertEquals(1, leadsOf(first));
        assertEquals(1, leadsOf(second));
    }

    @Test
    void aCreateOfTheSameKeyStillRunningIsWaitedForAndItsLeadAnswered() throws Exception {
        LeadApi api = LeadApi.newOrganization();
        String earlier = api.createLead();
        String key = newKey();
        // A transaction of this test stands for a create of the same key that has recorded the key, not yet committed.
        try (Connection running = TestDatabase.connect()) {
            running.setAutoCommit(false);
            try (PreparedStatement record = running.prepareStatement("INSERT INTO idempotent_creates"
                    + " (org_id, key, resource_type, resource_id, created_at) VALUES (?::uuid, ?, 'lead', ?::uuid, now())")) {
                record.setString(1, api.organizationId().toString());
                record.setString(2, key);
                record.setString(3, earlier);
                record.executeUpdate();
            }
            CompletableFuture<ExtractableResponse<Response>> retry =
                    CompletableFuture.supplyAsync(() -> create(api, key, api.validLead()));
            TestDatabase.awaitBlockedOnLock(1, "INSERT INTO idempotent_creates");
            running.commit();

            ExtractableResponse<Response> answer = retry.get(10, TimeUnit.SECONDS);
            assertEquals(201, answer.statusCode());
            assertEquals(earlier, answer.path("id"));
        }
        assertEquals(1, leadsOf(api));
    }

    @Test
    void aKeyThatCreatedAnotherKindOfResourceIsReused() {
        LeadApi api = LeadApi.newOrganization();
        String key = newKey();
        TestDatabase.update("INSERT INTO idempotent_creates (org_id, key, resource_type, resource_id, created_at)"
                + " VALUES (?::uuid, ?, 'agent', ?::uuid, now())", api.organizationId().toString(), key,
                UUID.randomUUID().toString());

        api.request().header(IdempotentCreates.HEADER, key).body(api.validLead()).post("/leads").then()
                .statusCode(422)
                .body("error.code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        assertEquals(0, leadsOf(api));
    }

    @Test
    void aKeyLongerThan255CharactersIsAValidationError() {
        LeadApi api = LeadApi.newOrganization();
        api.request().header(IdempotentCreates.HEADER, "k".repeat(256)).body(api.validLead()).post("/leads").then()
                .statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo(IdempotentCreates.HEADER));
        assertEquals(0, leadsOf(api));
    }

    @Test
    void aLeadThatFailedValidationLeavesItsKeyFree() {
        LeadApi api = LeadApi.newOrganization();
        String key = newKey();
        Map<String, Object> unknownAgent = api.validLead();
        unknownAgent.put("agent_id", UUID.randomUUID().toString());
        assertEquals(400, create(api, key, unknownAgent).statusCode());

        assertEquals(201, create(api, key, api.validLead()).statusCode());
        assertEquals(1, leadsOf(api));
    }

    @Test
    void keysOlderThanTheRetentionArePurgedAndTheirLeadsStay() {
        LeadApi api = LeadApi.newOrganization();
        String old = newKey();
        String recent = newKey();
        String oldLead = create(api, old, api.validLead()).path("id");
        create(api, recent, api.validLead());
        TestDatabase.update("UPDATE idempotent_creates SET created_at = now() - interval '25 hours 1 minute'"
                + " WHERE key = ?", old);
        TestDatabase.update("UPDATE idempotent_creates SET created_at = now() - interval '24 hours' WHERE key = ?",
                recent);

        purge.purge().await().atMost(Duration.ofSeconds(10));

        assertEquals(0, TestDatabase.query("SELECT 1 FROM idempotent_creates WHERE key = ?", old).size());
        assertEquals(1, TestDatabase.query("SELECT 1 FROM idempotent_creates WHERE key = ?", recent).size());
        assertEquals(1, TestDatabase.query("SELECT 1 FROM leads WHERE id = ?::uuid", oldLead).size());
    }
}
