package dev.voiceplatform.webhooks.delivery.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.correlation.CorrelationIds;
import dev.voiceplatform.common.events.EventEnvelope;
import dev.voiceplatform.webhooks.delivery.Message;
import dev.voiceplatform.webhooks.template.Condition;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Turns one public event into one delivery row per matching subscription, on the inbox's transaction (so the rows
 * and the processed mark commit together), and wakes the delivery workers. A subscription matches when it is active
 * and not paused, belongs to the event's organization, lists the event type, names no agent or the event's agent,
 * and its condition holds on the event's data.
 */
final class EventFanOut {

    /** The channel delivery workers LISTEN on. */
    static final String CHANNEL = "webhook_deliveries";
    private static final Logger LOG = Logger.getLogger(EventFanOut.class);

    private EventFanOut() {
    }

    static void fanOut(Connection transaction, EventEnvelope.Received event, ObjectMapper objectMapper, Clock clock)
            throws SQLException {
        if (event.orgId() == null || event.data() == null) {
            LOG.warnf("Passing over %s %s: it names no organization or carries no data", event.type(), event.id());
            return;
        }
        List<UUID> targets = new ArrayList<>();
        try (PreparedStatement select = transaction.prepareStatement("SELECT id, condition::text FROM "
                + "webhook_subscriptions WHERE org_id = ? AND is_active AND NOT is_paused AND ? = ANY(events) AND "
                + "(agent_id IS NULL OR agent_id = ?)")) {
            select.setObject(1, event.orgId());
            select.setString(2, event.type());
            select.setObject(3, event.agentId());
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    String condition = rows.getString(2);
                    if (condition == null || Condition.parse(objectMapper.readTree(condition)).matches(event.data())) {
                        targets.add(rows.getObject(1, UUID.class));
                    }
                }
            } catch (JsonProcessingException e) {
                throw new SQLException("a stored condition is not JSON", e);
            }
        }
        if (targets.isEmpty()) {
            return;
        }
        Timestamp now = Timestamp.from(clock.instant());
        String correlationId = event.correlationId() != null ? event.correlationId() : CorrelationIds.generate();
        try (PreparedStatement insert = transaction.prepareStatement("INSERT INTO webhook_deliveries (id, org_id, "
                + "subscription_id, event_id, event_type, event_data, occurred_at, correlation_id, is_test, status, "
                + "next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?::jsonb, ?, ?, false, 'pending', ?, "
                + "?, ?) ON CONFLICT (subscription_id, event_id) WHERE NOT is_test DO NOTHING")) {
            for (UUID subscription : targets) {
                insert.setString(1, Message.ID_PREFIX + UUID.randomUUID().toString().replace("-", ""));
                insert.setObject(2, event.orgId());
                insert.setObject(3, subscription);
                insert.setString(4, event.id().toString());
                insert.setString(5, event.type());
                insert.setString(6, event.data().toString());
                insert.setTimestamp(7, Timestamp.from(event.occurredAt() != null ? event.occurredAt() : clock.instant()));
                insert.setString(8, correlationId);
                insert.setTimestamp(9, now);
                insert.setTimestamp(10, now);
                insert.setTimestamp(11, now);
                insert.addBatch();
            }
            insert.executeBatch();
        }
        try (PreparedStatement notify = transaction.prepareStatement("SELECT pg_notify('" + CHANNEL + "', '')")) {
            notify.execute();
        }
    }
}
