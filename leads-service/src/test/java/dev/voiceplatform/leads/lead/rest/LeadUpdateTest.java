package dev.voiceplatform.leads.lead.rest;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
class LeadUpdateTest {

    @Test
    void aStatusChangeEmitsLeadUpdatedWithTheWholeLeadAndOtherChangesEmitNothing() {
        LeadApi api = LeadApi.newOrganization();
        String id = api.createLead();
        api.patch(id, Map.of("notes", "called back", "name", "Dana L.", "metadata", Map.of("score", 7)))
                .statusCode(200)
                .body("notes", equalTo("called back"))
                .body("name", equalTo("Dana L."))
                .body("metadata.score", equalTo(7))
                .body("status", equalTo("new"));
        api.patch(id, Map.of("status", "qualified")).statusCode(200).body("status", equalTo("qualified"))
                .body("notes", equalTo("called back"));

        try (KafkaEvents events = new KafkaEvents(TestDatabase.kafkaBootstrapServers(), "leads.events")) {
            KafkaEvents.ReceivedEvent updated = events.await(KafkaEvents.ofType("lead.updated", id),
                    Duration.ofSeconds(30));
            assertEquals("new", updated.data().path("previous_status").asText());
            assertEquals("qualified", updated.data().path("lead").path("status").asText());
            assertEquals("Dana L.", updated.data().path("lead").path("name").asText());
            List<KafkaEvents.ReceivedEvent> forLead = events.drain(Duration.ofSeconds(1)).stream()
                    .filter(event -> id.equals(event.key())).toList();
            assertEquals(List.of("lead.created", "lead.updated"), forLead.stream().map(KafkaEvents.ReceivedEvent::type).toList());
        }
    }

    @Test
    void anEmptyEmailOrNotesClearsThem() {
        LeadApi api = LeadApi.newOrganization();
        Map<String, Object> body = api.validLead();
        body.put("email", "a@b.co");
        body.put("notes", "n");
        String id = api.create(body).statusCode(201).extract().path("id");
        Map<String, Object> clear = new HashMap<>();
        clear.put("email", "");
        clear.put("notes", null);
        api.patch(id, clear).statusCode(200).body("email", nullValue()).body("notes", nullValue());
    }

    @Test
    void anUnknownStatusAndFieldsFixedAtCreationAreValidationErrors() {
        LeadApi api = LeadApi.newOrganization();
        String id = api.createLead();
        api.patch(id, Map.of("status", "hot")).statusCode(400).body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("status"));
        api.patch(id, Map.of("phone", "+12015550123", "agent_id", api.agentId(), "email", "bad")).statusCode(400)
                .body("error.fields.field", containsInAnyOrder("phone", "agent_id", "email"));
        api.patch(id, Map.of("name", "")).statusCode(400).body("error.fields.field", contains("name"));
    }

    @Test
    void aTransitionOutsideThePipelineIsAConflict() {
        LeadApi api = LeadApi.newOrganization();
        String id = api.createLead();
        api.patch(id, Map.of("status", "converted")).statusCode(200);
        api.patch(id, Map.of("status", "new")).statusCode(409)
                .body("error.code", equalTo("CONFLICT"))
                .body("error.details.from", equalTo("converted"))
                .body("error.details.to", equalTo("new"))
                .body("error.details.allowed.size()", equalTo(0));
        api.patch(id, Map.of("status", "converted")).statusCode(200).body("status", equalTo("converted"));
        String lost = api.createLead();
        api.patch(lost, Map.of("status", "lost")).statusCode(200);
        api.patch(lost, Map.of("status", "new")).statusCode(200).body("status", equalTo("new"));
        assertTrue(TestDatabase.query("SELECT status FROM leads WHERE id = ?", java.util.UUID.fromString(id))
                .get(0).get("status").equals("converted"));
    }
}
