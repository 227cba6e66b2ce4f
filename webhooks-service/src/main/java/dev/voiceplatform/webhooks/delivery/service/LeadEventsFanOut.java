package dev.voiceplatform.webhooks.delivery.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.events.LeadCreated;
import dev.voiceplatform.common.events.LeadUpdated;
import dev.voiceplatform.common.events.EventEnvelope;
import dev.voiceplatform.common.events.Topics;
import dev.voiceplatform.common.inbox.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Set;

/** lead.created and lead.updated from the leads topic, fanned out to subscriptions. */
@ApplicationScoped
public class LeadEventsFanOut implements InboxHandler {

    public static final String CONSUMER = "webhooks-service.lead-events";

    private final ObjectMapper objectMapper;
    private final Clock clock;

    public LeadEventsFanOut(ObjectMapper objectMapper, Clock clock) {
        this.objectMapper = objectMapper;
        this.clock = clock;
    }

    @Override
    public String consumer() {
        return CONSUMER;
    }

    @Override
    public String topic() {
        return Topics.LEADS;
    }

    @Override
    public Set<String> types() {
        return Set.of(LeadCreated.TYPE, LeadUpdated.TYPE);
    }

    @Override
    public void apply(Connection transaction, EventEnvelope.Received event) throws SQLException {
        EventFanOut.fanOut(transaction, event, objectMapper, clock);
    }
}
