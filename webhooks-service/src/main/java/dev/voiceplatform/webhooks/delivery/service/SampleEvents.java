package dev.voiceplatform.webhooks.delivery.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.events.AgentError;
import dev.voiceplatform.common.events.CallEnded;
import dev.voiceplatform.common.events.CallStarted;
import dev.voiceplatform.common.events.LeadCreated;
import dev.voiceplatform.common.events.LeadSnapshot;
import dev.voiceplatform.common.events.LeadUpdated;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The sample data of test sends: each event's own record, filled with plainly made-up values. */
final class SampleEvents {

    private SampleEvents() {
    }

    static JsonNode data(String eventType, UUID agentId, Instant now, ObjectMapper objectMapper) {
        UUID agent = agentId != null ? agentId : new UUID(0, 0);
        UUID call = new UUID(0, 1);
        LeadSnapshot lead = new LeadSnapshot(new UUID(0, 2), "Sample Lead", "+15555550100", "sample@example.com",
                "new", "api", agent, call, "A sample lead sent by a webhook test", objectMapper.createObjectNode(), now,
                now);
        Object data = switch (eventType) {
            case CallStarted.TYPE -> new CallStarted(call, agent, "Sample agent", "inbound", "+15555550100",
                    "+15555550199", "in_progress", now, objectMapper.createObjectNode());
            case CallEnded.TYPE -> new CallEnded(call, agent, "Sample agent", "inbound", "completed", "caller_hung_up",
                    "+15555550100", "+15555550199", now.minusSeconds(60), now, 60, new BigDecimal("0.10"),
                    "A sample call summary.", List.of(), false, objectMapper.createObjectNode());
            case LeadCreated.TYPE -> new LeadCreated(lead);
            case LeadUpdated.TYPE -> new LeadUpdated(lead, "new");
            case AgentError.TYPE -> new AgentError(call, agent, "sample_error", "A sample agent error.", now);
            default -> throw new IllegalArgumentException(eventType);
        };
        return objectMapper.valueToTree(data);
    }
}
