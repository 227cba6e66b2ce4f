package dev.voiceplatform.agents.number.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.events.EventEnvelope;
import dev.voiceplatform.common.events.NumberBound;
import dev.voiceplatform.common.events.NumberUnbound;
import dev.voiceplatform.common.events.Topics;
import dev.voiceplatform.common.inbox.InboxHandler;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Keeps {@code agent_phone_numbers} from number.bound and number.unbound, so agent items show their numbers. Events
 * of one agent arrive in order (they are keyed by the agent); rows are keyed by agent and number, so events of
 * different agents may interleave freely.
 */
@ApplicationScoped
public class AgentPhoneNumbers implements InboxHandler {

    public static final String CONSUMER = "agents-service.agent-phone-numbers";
    private static final Logger LOG = Logger.getLogger(AgentPhoneNumbers.class);

    private final ObjectMapper objectMapper;

    public AgentPhoneNumbers(ObjectMapper objectMapper) {
        this.objectMapper = objectMapper;
    }

    @Override
    public String consumer() {
        return CONSUMER;
    }

    @Override
    public String topic() {
        return Topics.NUMBERS;
    }

    @Override
    public Set<String> types() {
        return Set.of(NumberBound.TYPE, NumberUnbound.TYPE);
    }

    @Override
    public void apply(Connection transaction, EventEnvelope.Received event) throws SQLException {
        try {
            if (NumberBound.TYPE.equals(event.type())) {
                bound(transaction, event, objectMapper.treeToValue(event.data(), NumberBound.class));
            } else {
                unbound(transaction, objectMapper.treeToValue(event.data(), NumberUnbound.class));
            }
        } catch (JsonProcessingException e) {
            // Reading it again would fail again; the event is passed over, not retried forever.
            LOG.warnf("Passing over %s %s: its data is not readable (%s)", event.type(), event.id(), e.getMessage());
        }
    }

    private static void bound(Connection transaction, EventEnvelope.Received event, NumberBound bound)
            throws SQLException {
        try (PreparedStatement insert = transaction.prepareStatement("INSERT INTO agent_phone_numbers "
                + "(org_id, agent_id, phone_number_id, phone_number, bound_at) VALUES (?, ?, ?, ?, ?) "
                + "ON CONFLICT (agent_id, phone_number_id) DO UPDATE SET phone_number = EXCLUDED.phone_number, "
                + "bound_at = EXCLUDED.bound_at")) {
            insert.setObject(1, event.orgId());
            insert.setObject(2, bound.agentId());
            insert.setObject(3, bound.phoneNumberId());
            insert.setString(4, bound.phoneNumber());
            insert.setTimestamp(5, Timestamp.from(bound.boundAt()));
            insert.executeUpdate();
        }
    }

    private static void unbound(Connection transaction, NumberUnbound unbound) throws SQLException {
        try (PreparedStatement delete = transaction.prepareStatement(
                "DELETE FROM agent_phone_numbers WHERE agent_id = ? AND phone_number_id = ?")) {
            delete.setObject(1, unbound.agentId());
            delete.setObject(2, unbound.phoneNumberId());
            delete.executeUpdate();
        }
    }
}
