package dev.voiceplatform.common.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class NumberEventsTest {

    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    @Test
    void boundCarriesTheNumberAndTheAgentAndIsKeyedByTheAgent() throws Exception {
        UUID number = UUID.randomUUID();
        UUID agent = UUID.randomUUID();
        NumberBound event = new NumberBound(number, "+12015550100", agent, Instant.parse("2026-08-06T10:00:00Z"));
        JsonNode data = JSON.valueToTree(event);
        assertEquals(number.toString(), data.path("phone_number_id").asText());
        assertEquals("+12015550100", data.path("phone_number").asText());
        assertEquals(agent.toString(), data.path("agent_id").asText());
        assertEquals("2026-08-06T10:00:00Z", data.path("bound_at").asText());
        assertEquals(4, data.size(), "type, topic and key are not part of data: " + data);
        assertEquals(agent.toString(), event.aggregateKey());
        assertEquals(agent, event.agentId());
        assertEquals("numbers.events", event.topic());
        assertEquals(event, JSON.treeToValue(data, NumberBound.class));
    }

    @Test
    void unboundReadsBackAsWritten() throws Exception {
        NumberUnbound event = new NumberUnbound(UUID.randomUUID(), "+97235550100", UUID.randomUUID(),
                Instant.parse("2026-08-06T11:00:00Z"));
        JsonNode data = JSON.valueToTree(event);
        assertEquals(event.agentId().toString(), data.path("agent_id").asText());
        assertEquals("number.unbound", event.type());
        assertEquals(event, JSON.treeToValue(data, NumberUnbound.class));
    }
}
