package dev.voiceplatform.calls.call.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.calls.call.Call;
import dev.voiceplatform.calls.call.CallStatus;
import dev.voiceplatform.calls.call.Direction;
import dev.voiceplatform.calls.donotcall.DoNotCallEntry;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.events.AgentError;
import dev.voiceplatform.common.events.EventEnvelope;
import dev.voiceplatform.common.events.RuntimeAgentError;
import dev.voiceplatform.common.events.RuntimeCallAnswered;
import dev.voiceplatform.common.events.RuntimeCallEnded;
import dev.voiceplatform.common.events.RuntimeDoNotCallRequested;
import dev.voiceplatform.common.events.Topics;
import dev.voiceplatform.common.events.TranscriptEntry;
import dev.voiceplatform.common.inbox.InboxHandler;
import dev.voiceplatform.common.outbox.OutboxWriter;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Turns what the voice runtime saw on the line ({@code runtime.events}) into call records and public events, each on
 * the inbox's transaction. Answered: in_progress and call.started. Ended: the final status and what the runtime
 * measured, the live-call slot given back, and call.ended; the first report of a call wins, later ones change nothing,
 * except that a call the organization hung up gets the transcript, summary, cost and recording flag it still lacks.
 * Agent error: agent.error. Do-not-call request: the caller's number on the organization's list. Events of calls this
 * service does not know are passed over.
 */
@ApplicationScoped
public class RuntimeEvents implements InboxHandler {

    public static final String CONSUMER = "calls-service.runtime-events";
    static final String HANGUP_REQUESTED = "hangup_requested";
    private static final Logger LOG = Logger.getLogger(RuntimeEvents.class);
    private static final TypeReference<List<TranscriptEntry>> TRANSCRIPT = new TypeReference<>() {
    };
    private static final String COLUMNS = "id, org_id, agent_id, agent_name, key_id, direction, status, end_reason, "
            + "caller, callee, started_at, ended_at, duration, cost, summary, transcript::text AS transcript, "
            + "recording_available, metadata::text AS metadata, holds_live_slot, created_at, updated_at";

    private final ObjectMapper objectMapper;
    private final OutboxWriter outbox;
    private final Clock clock;

    public RuntimeEvents(ObjectMapper objectMapper, OutboxWriter outbox, Clock clock) {
        this.objectMapper = objectMapper;
        this.outbox = outbox;
        this.clock = clock;
    }

    @Override
    public String consumer() {
        return CONSUMER;
    }

    @Override
    public String topic() {
        return Topics.RUNTIME;
    }

    @Override
    public Set<String> types() {
        return Set.of(RuntimeCallAnswered.TYPE, RuntimeCallEnded.TYPE, RuntimeAgentError.TYPE,
                RuntimeDoNotCallRequested.TYPE);
    }

    @Override
    public void apply(Connection tx, EventEnvelope.Received event) throws SQLException {
        try {
            switch (event.type()) {
                case RuntimeCallAnswered.TYPE -> answered(tx, event,
                        objectMapper.treeToValue(event.data(), RuntimeCallAnswered.class));
                case RuntimeCallEnded.TYPE -> ended(tx, event,
                        objectMapper.treeToValue(event.data(), RuntimeCallEnded.class));
                case RuntimeAgentError.TYPE -> agentError(tx, event,
                        objectMapper.treeToValue(event.data(), RuntimeAgentError.class));
                default -> doNotCall(tx, objectMapper.treeToValue(event.data(), RuntimeDoNotCallRequested.class));
            }
        } catch (JsonProcessingException | IllegalArgumentException e) {
            // Reading it again would fail again; the event is passed over, not retried forever.
            LOG.warnf("Passing over %s %s: its data is not readable (%s)", event.type(), event.id(), e.getMessage());
        }
    }

    private void answered(Connection tx, EventEnvelope.Received event, RuntimeCallAnswered answered)
            throws SQLException {
        Instant at = answered.answeredAt() != null ? DbTime.fromDb(DbTime.toDb(answered.answeredAt())) : DbTime.now(clock);
        Call call;
        try (PreparedStatement update = tx.prepareStatement("UPDATE calls SET status = 'in_progress', started_at = ?, "
                + "updated_at = ? WHERE id = ? AND status = 'initiating' RETURNING " + COLUMNS)) {
            update.setTimestamp(1, Timestamp.from(at));
            update.setTimestamp(2, Timestamp.from(DbTime.now(clock)));
            update.setObject(3, answered.callId());
            call = first(update);
        }
        if (call != null) {
            outbox.append(tx, call.organizationId(), call.started(), event.correlationId());
        }
    }

    private void ended(Connection tx, EventEnvelope.Received event, RuntimeCallEnded ended) throws SQLException {
        CallStatus status = CallStatus.fromWire(ended.status()).filter(CallStatus::ended)
                .orElseThrow(() -> new IllegalArgumentException("not a final status: " + ended.status()));
        Call current;
        try (PreparedStatement select = tx.prepareStatement("SELECT " + COLUMNS + " FROM calls WHERE id = ? FOR UPDATE")) {
            select.setObject(1, ended.callId());
            current = first(select);
        }
        if (current == null) {
            return;
        }
        if (current.status().ended()) {
            if (HANGUP_REQUESTED.equals(current.endReason())) {
                fillAfterHangup(tx, current, ended);
            }
            return;
        }
        Instant now = DbTime.now(clock);
        Call call;
        try (PreparedStatement update = tx.prepareStatement("UPDATE calls SET status = ?, end_reason = ?, "
                + "started_at = COALESCE(started_at, ?), ended_at = ?, duration = ?, cost = ?, summary = ?, "
                + "transcript = ?::jsonb, recording_available = ?, holds_live_slot = false, updated_at = ? "
                + "WHERE id = ? RETURNING " + COLUMNS)) {
            update.setString(1, status.wireName());
            update.setString(2, ended.endReason());
            update.setTimestamp(3, ended.answeredAt() == null ? null : Timestamp.from(ended.answeredAt()));
            update.setTimestamp(4, Timestamp.from(ended.endedAt() != null ? ended.endedAt() : now));
            update.setInt(5, Math.max(0, ended.duration()));
            update.setBigDecimal(6, ended.cost() != null ? ended.cost() : BigDecimal.ZERO);
            update.setString(7, ended.summary());
            update.setString(8, json(ended.transcript() != null ? ended.transcript() : List.of()));
            update.setBoolean(9, ended.recordingAvailable());
            update.setTimestamp(10, Timestamp.from(now));
            update.setObject(11, ended.callId());
            call = first(update);
        }
        if (current.holdsLiveSlot()) {
            try (PreparedStatement release = tx.prepareStatement("UPDATE org_live_calls SET live = live - 1 "
                    + "WHERE org_id = ? AND direction = ? AND live > 0")) {
                release.setObject(1, current.organizationId());
                release.setString(2, current.direction().wireName());
                release.executeUpdate();
            }
        }
        outbox.append(tx, call.organizationId(), call.ended(), event.correlationId());
    }

    /** The record the organization's hangup completed gets what only the runtime knows, where it is still missing. */
    private void fillAfterHangup(Connection tx, Call current, RuntimeCallEnded ended) throws SQLException {
        try (PreparedStatement update = tx.prepareStatement("UPDATE calls SET cost = COALESCE(cost, ?), "
                + "summary = COALESCE(summary, ?), transcript = COALESCE(transcript, ?::jsonb), "
                + "recording_available = recording_available OR ?, updated_at = ? WHERE id = ?")) {
            update.setBigDecimal(1, ended.cost());
            update.setString(2, ended.summary());
            update.setString(3, ended.transcript() == null ? null : json(ended.transcript()));
            update.setBoolean(4, ended.recordingAvailable());
            update.setTimestamp(5, Timestamp.from(DbTime.now(clock)));
            update.setObject(6, current.id());
            update.executeUpdate();
        }
    }

    private void agentError(Connection tx, EventEnvelope.Received event, RuntimeAgentError error) throws SQLException {
        Call call = find(tx, error.callId());
        if (call != null) {
            outbox.append(tx, call.organizationId(), new AgentError(call.id(), call.agentId(), error.errorCode(),
                    error.message(), error.occurredAt() != null ? error.occurredAt() : DbTime.now(clock)),
                    event.correlationId());
        }
    }

    private void doNotCall(Connection tx, RuntimeDoNotCallRequested request) throws SQLException {
        Call call = find(tx, request.callId());
        if (call == null || request.phoneNumber() == null || request.phoneNumber().isBlank()) {
            return;
        }
        try (PreparedStatement insert = tx.prepareStatement("INSERT INTO do_not_call (org_id, phone_number, source, "
                + "reason, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (org_id, phone_number) DO NOTHING")) {
            insert.setObject(1, call.organizationId());
            insert.setString(2, request.phoneNumber());
            insert.setString(3, DoNotCallEntry.CALLER_REQUEST);
            insert.setString(4, request.utterance());
            insert.setTimestamp(5, Timestamp.from(DbTime.now(clock)));
            insert.executeUpdate();
        }
    }

    private Call find(Connection tx, UUID id) throws SQLException {
        try (PreparedStatement select = tx.prepareStatement("SELECT " + COLUMNS + " FROM calls WHERE id = ?")) {
            select.setObject(1, id);
            return first(select);
        }
    }

    private Call first(PreparedStatement statement) throws SQLException {
        try (ResultSet rows = statement.executeQuery()) {
            return rows.next() ? map(rows) : null;
        }
    }

    private Call map(ResultSet row) throws SQLException {
        String transcript = row.getString("transcript");
        BigDecimal cost = row.getBigDecimal("cost");
        Integer duration = (Integer) row.getObject("duration");
        try {
            return new Call(row.getObject("id", UUID.class), row.getObject("org_id", UUID.class),
                    row.getObject("agent_id", UUID.class), row.getString("agent_name"), row.getString("key_id"),
                    Direction.fromWire(row.getString("direction")).orElseThrow(),
                    CallStatus.fromWire(row.getString("status")).orElseThrow(), row.getString("end_reason"),
                    row.getString("caller"), row.getString("callee"), instant(row, "started_at"),
                    instant(row, "ended_at"), duration, Call.plain(cost),
                    row.getString("summary"), transcript == null ? null : objectMapper.readValue(transcript, TRANSCRIPT),
                    row.getBoolean("recording_available"),
                    (ObjectNode) objectMapper.readTree(row.getString("metadata")), row.getBoolean("holds_live_slot"),
                    instant(row, "created_at"), instant(row, "updated_at"));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored call column is not JSON", e);
        }
    }

    private static Instant instant(ResultSet row, String column) throws SQLException {
        Timestamp value = row.getTimestamp(column);
        return value == null ? null : value.toInstant();
    }

    private String json(Object value) {
        try {
            return objectMapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
