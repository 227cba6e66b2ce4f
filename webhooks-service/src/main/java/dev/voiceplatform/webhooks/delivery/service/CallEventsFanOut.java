package dev.voiceplatform.webhooks.delivery.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.events.AgentError;
import dev.voiceplatform.common.events.CallEnded;
import dev.voiceplatform.common.events.CallStarted;
import dev.voiceplatform.common.events.EventEnvelope;
import dev.voiceplatform.common.events.Topics;
import dev.voiceplatform.common.inbox.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Set;

/** call.started, call.ended and agent.error from the calls topic, fanned out to subscriptions. */
@ApplicationScoped
public class CallEventsFanOut implements InboxHandler {

    public static final String CONSUMER = "webhooks-service.call-events";

    private final ObjectMapper objectMapper;
    private final Clock clock;

    public CallEventsFanOut(ObjectMapper objectMapper, Clock clock) {
        this.objectMapper = objectMapper;
        this.clock = clock;
    }

    @Override
    public String consumer() {
        return CONSUMER;
    }

    @Override
    public String topic() {
        return Topics.CALLS;
    }

    @Override
    public Set<String> types() {
        return Set.of(CallStarted.TYPE, CallEnded.TYPE, AgentError.TYPE);
    }

    @Override
    public void apply(Connection transaction, EventEnvelope.Received event) throws SQLException {
        EventFanOut.fanOut(transaction, event, objectMapper, clock);
    }
}
