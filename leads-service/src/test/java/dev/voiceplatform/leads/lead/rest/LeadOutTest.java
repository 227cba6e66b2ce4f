package dev.voiceplatform.leads.lead.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.voiceplatform.leads.lead.Lead;
import dev.voiceplatform.leads.lead.LeadStatus;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class LeadOutTest {

    private final ObjectMapper json = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    /** Lead events carry the lead as GET /leads/:id answers it, so a webhook consumer needs nothing else. */
    @Test
    void theAnswerHasTheFieldsTheLeadEventsCarry() {
        Lead lead = new Lead(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), "Dana Levi",
                "+972501234567", "dana@example.com", LeadStatus.NEW, "call", "wants a cleaning",
                JsonNodeFactory.instance.objectNode().put("campaign", "spring"),
                Instant.parse("2026-11-22T10:15:30.123456Z"), Instant.parse("2026-11-22T10:16:00Z"));
        assertEquals(json.valueToTree(lead.snapshot()), json.valueToTree(LeadOut.of(lead)));
        assertEquals("new", json.valueToTree(LeadOut.of(lead)).get("status").asText());
        assertEquals(lead.callId().toString(), json.valueToTree(LeadOut.of(lead)).get("call_id").asText());
    }
}
