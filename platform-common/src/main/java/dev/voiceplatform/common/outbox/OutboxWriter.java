package dev.voiceplatform.common.outbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.correlation.CorrelationIds;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.events.EventEnvelope;
import dev.voiceplatform.common.events.PlatformEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.util.UUID;

/**
 * Appends an event to the outbox on the caller's transaction, so the event exists exactly when the change
 * it describes was committed. The relay publishes it afterwards. Its {@code occurred_at} has the precision of the
 * times the change itself stores ({@link DbTime}), so it is never earlier than them.
 */
@ApplicationScoped
public class OutboxWriter {

    // Bound as text and cast: a Java String bound straight to jsonb would be stored as a JSON string value.
    private static final String INSERT = "INSERT INTO outbox_event (id, topic, message_key, event_type, payload) "
            + "VALUES ($1, $2, $3, $4, $5::text::jsonb)";
    private static final String JDBC_INSERT = "INSERT INTO outbox_event (id, topic, message_key, event_type, payload) "
            + "VALUES (?, ?, ?, ?, ?::jsonb)";

    private final ObjectMapper objectMapper;
    private final Clock clock;

    public OutboxWriter(ObjectMapper objectMapper, Clock clock) {
        this.objectMapper = objectMapper;
        this.clock = clock;
    }

    /** {@code transaction} must be the connection of the transaction that makes the change. */
    public Uni<Void> append(SqlClient transaction, UUID organizationId, PlatformEvent event) {
        UUID id = Ids.newId();
        EventEnvelope<PlatformEvent> envelope = new EventEnvelope<>(id, event.type(), organizationId,
                event.agentId(), DbTime.now(clock), CorrelationIds.currentOrGenerate(), event);
        return transaction.preparedQuery(INSERT)
                .execute(Tuple.of(id, event.topic(), event.aggregateKey(), event.type(), serialize(envelope)))
                .replaceWithVoid();
    }

    /**
     * The same on a JDBC transaction, for work that runs on a thread of its own (an inbox handler): the event carries
     * {@code correlationId}, the id of what caused it (null: a fresh one).
     */
    public void append(Connection transaction, UUID organizationId, PlatformEvent event, String correlationId)
            throws SQLException {
        UUID id = Ids.newId();
        EventEnvelope<PlatformEvent> envelope = new EventEnvelope<>(id, event.type(), organizationId,
                event.agentId(), DbTime.now(clock), correlationId != null ? correlationId : CorrelationIds.generate(),
                event);
        try (PreparedStatement insert = transaction.prepareStatement(JDBC_INSERT)) {
            insert.setObject(1, id);
            insert.setString(2, event.topic());
            insert.setString(3, event.aggregateKey());
            insert.setString(4, event.type());
            insert.setString(5, serialize(envelope));
            insert.executeUpdate();
        }
    }

    private String serialize(EventEnvelope<PlatformEvent> envelope) {
        try {
            return objectMapper.writeValueAsString(envelope);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("event " + envelope.type() + " cannot be serialized", e);
        }
    }
}
