package dev.voiceplatform.calls.call.repository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.calls.call.Call;
import dev.voiceplatform.calls.call.CallStatus;
import dev.voiceplatform.calls.call.Direction;
import dev.voiceplatform.common.api.DateRange;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.db.Rows;
import dev.voiceplatform.common.events.TranscriptEntry;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** SQL over the calls table. Every query a request makes is bounded by the organization. */
@ApplicationScoped
public class CallRepository {

    /** Every column but the transcript, which only the single-call read and the events need. */
    private static final String LIST_COLUMNS = "id, org_id, agent_id, agent_name, key_id, direction, status, end_reason, "
            + "caller, callee, started_at, ended_at, duration, cost, summary, NULL::text AS transcript, "
            + "recording_available, metadata::text AS metadata, holds_live_slot, created_at, updated_at";
    private static final String COLUMNS = LIST_COLUMNS.replace("NULL::text AS transcript", "transcript::text AS transcript");
    /** The columns of an UPDATE ... FROM, as the changed row has them. */
    private static final String RETURNING = "c.id, c.org_id, c.agent_id, c.agent_name, c.key_id, c.direction, c.status, "
            + "c.end_reason, c.caller, c.callee, c.started_at, c.ended_at, c.duration, c.cost, c.summary, "
            + "c.transcript::text AS transcript, c.recording_available, c.metadata::text AS metadata, "
            + "c.holds_live_slot, c.created_at, c.updated_at";
    private static final TypeReference<List<TranscriptEntry>> TRANSCRIPT = new TypeReference<>() {
    };

    private final ObjectMapper objectMapper;

    public CallRepository(ObjectMapper objectMapper) {
        this.objectMapper = objectMapper;
    }

    /** What GET /calls filters by; null fields do not filter. */
    public record Filter(CallStatus status, Direction direction, UUID agentId, DateRange created) {
    }

    /** A page of calls and how many match in all. */
    public record Page(List<Call> items, long total) {
    }

    /** A call as it was changed, and whether it held a live-call slot before the change cleared it. */
    public record Changed(Call call, boolean heldLiveSlot) {
    }

    public Uni<Void> insert(SqlClient client, Call call) {
        return client.preparedQuery("INSERT INTO calls (id, org_id, agent_id, agent_name, key_id, direction, status, "
                        + "end_reason, caller, callee, started_at, ended_at, duration, cost, summary, transcript, "
                        + "recording_available, metadata, holds_live_slot, created_at, updated_at) VALUES ($1, $2, $3, "
                        + "$4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::text::jsonb, $17, "
                        + "$18::text::jsonb, $19, $20, $21)")
                .execute(Tuple.from(new Object[] {
                        call.id(), call.organizationId(), call.agentId(), call.agentName(), call.keyId(),
                        call.direction().wireName(), call.status().wireName(), call.endReason(), call.caller(),
                        call.callee(), toDb(call.startedAt()), toDb(call.endedAt()), call.duration(), call.cost(),
                        call.summary(), call.transcript() == null ? null : json(call.transcript()),
                        call.recordingAvailable(), json(call.metadata()), call.holdsLiveSlot(),
                        DbTime.toDb(call.createdAt()), DbTime.toDb(call.updatedAt())}))
                .replaceWithVoid();
    }

    public Uni<Call> find(SqlClient client, UUID organizationId, UUID id) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM calls WHERE org_id = $1 AND id = $2")
                .execute(Tuple.of(organizationId, id))
                .map(rows -> Rows.firstOrNull(rows, this::map));
    }

    /**
     * A call by id alone, for the recording link, whose signature names the call and which carries no key. The caller
     * proves it was handed the link; the organization comes from the record.
     */
    public Uni<Call> findSigned(SqlClient client, UUID id) {
        return client.preparedQuery("SELECT " + LIST_COLUMNS + " FROM calls WHERE id = $1")
                .execute(Tuple.of(id))
                .map(rows -> Rows.firstOrNull(rows, this::map));
    }

    /**
     * Ends a call that is still live as the organization hung it up: completed, ended now, its duration counted from
     * the answer. Null when the call is not live (ended already, or not of the organization).
     */
    public Uni<Changed> endByHangup(SqlClient tx, UUID organizationId, UUID id, Instant now) {
        return tx.preparedQuery("WITH live AS (SELECT id, holds_live_slot AS held FROM calls WHERE org_id = $1 "
                        + "AND id = $2 AND status IN ('initiating', 'in_progress') FOR UPDATE) "
                        + "UPDATE calls c SET status = 'completed', end_reason = 'hangup_requested', ended_at = $3, "
                        + "duration = CASE WHEN c.started_at IS NULL THEN 0 "
                        + "ELSE floor(extract(epoch FROM ($3 - c.started_at)))::int END, "
                        + "holds_live_slot = false, updated_at = $3 FROM live WHERE c.id = live.id "
                        + "RETURNING " + RETURNING + ", live.held")
                .execute(Tuple.of(organizationId, id, DbTime.toDb(now)))
                .map(this::changed);
    }

    /** Fails an outbound call the runtime refused to dial: nothing rang, so it lasted nothing and cost nothing. */
    public Uni<Changed> failDial(SqlClient tx, UUID id, Instant now) {
        return tx.preparedQuery("WITH live AS (SELECT id, holds_live_slot AS held FROM calls WHERE id = $1 "
                        + "AND status = 'initiating' FOR UPDATE) "
                        + "UPDATE calls c SET status = 'failed', end_reason = 'dial_failed', ended_at = $2, duration = 0, "
                        + "cost = 0, holds_live_slot = false, updated_at = $2 FROM live WHERE c.id = live.id "
                        + "RETURNING " + RETURNING + ", live.held")
                .execute(Tuple.of(id, DbTime.toDb(now)))
                .map(this::changed);
    }

    /**
     * Fails calls still initiating since before {@code placedBefore} (the runtime never said a word of them), at most
     * {@code batch} at a time; rows another replica is sweeping are passed over.
     */
    public Uni<List<Changed>> failUnanswered(SqlClient tx, Instant placedBefore, Instant now, int batch) {
        return tx.preparedQuery("WITH due AS (SELECT id, holds_live_slot AS held FROM calls WHERE status = 'initiating' "
                        + "AND created_at < $1 ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED) "
                        + "UPDATE calls c SET status = 'failed', end_reason = 'no_runtime_report', ended_at = $2, "
                        + "duration = 0, cost = 0, holds_live_slot = false, updated_at = $2 FROM due WHERE c.id = due.id "
                        + "RETURNING " + RETURNING + ", due.held")
                .execute(Tuple.of(DbTime.toDb(placedBefore), DbTime.toDb(now), batch))
                .map(rows -> {
                    List<Changed> changed = new ArrayList<>(rows.size());
                    rows.forEach(row -> changed.add(new Changed(map(row), row.getBoolean("held"))));
                    return changed;
                });
    }

    /** One page, newest first, and the total: two queries whatever the page size. */
    public Uni<Page> page(SqlClient client, UUID organizationId, Filter filter, int limit, int offset) {
        List<Object> parameters = new ArrayList<>();
        parameters.add(organizationId);
        StringBuilder where = new StringBuilder("WHERE org_id = $1");
        if (filter.status() != null) {
            parameters.add(filter.status().wireName());
            where.append(" AND status = $").append(parameters.size());
        }
        if (filter.direction() != null) {
            parameters.add(filter.direction().wireName());
            where.append(" AND direction = $").append(parameters.size());
        }
        if (filter.agentId() != null) {
            parameters.add(filter.agentId());
            where.append(" AND agent_id = $").append(parameters.size());
        }
        if (filter.created().from() != null) {
            parameters.add(DbTime.toDb(filter.created().from()));
            where.append(" AND created_at >= $").append(parameters.size());
        }
        if (filter.created().until() != null) {
            parameters.add(DbTime.toDb(filter.created().until()));
            where.append(" AND created_at < $").append(parameters.size());
        }
        Uni<Long> total = client.preparedQuery("SELECT count(*) FROM calls " + where)
                .execute(Tuple.from(parameters))
                .map(rows -> rows.iterator().next().getLong(0));
        List<Object> pageParameters = new ArrayList<>(parameters);
        pageParameters.add(limit);
        pageParameters.add(offset);
        Uni<List<Call>> items = client.preparedQuery("SELECT " + LIST_COLUMNS + " FROM calls " + where
                        + " ORDER BY created_at DESC, id DESC LIMIT $" + (parameters.size() + 1)
                        + " OFFSET $" + (parameters.size() + 2))
                .execute(Tuple.from(pageParameters))
                .map(rows -> {
                    List<Call> calls = new ArrayList<>(rows.size());
                    rows.forEach(row -> calls.add(map(row)));
                    return calls;
                });
        return Uni.combine().all().unis(items, total).asTuple().map(both -> new Page(both.getItem1(), both.getItem2()));
    }

    private Changed changed(RowSet<Row> rows) {
        return Rows.firstOrNull(rows, row -> new Changed(map(row), row.getBoolean("held")));
    }

    Call map(Row row) {
        String transcript = row.getString("transcript");
        return new Call(row.getUUID("id"), row.getUUID("org_id"), row.getUUID("agent_id"), row.getString("agent_name"),
                row.getString("key_id"), Direction.fromWire(row.getString("direction")).orElseThrow(),
                CallStatus.fromWire(row.getString("status")).orElseThrow(), row.getString("end_reason"),
                row.getString("caller"), row.getString("callee"), fromDb(row.getOffsetDateTime("started_at")),
                fromDb(row.getOffsetDateTime("ended_at")), row.getInteger("duration"), Call.plain(row.getBigDecimal("cost")),
                row.getString("summary"), transcript == null ? null : read(transcript, TRANSCRIPT),
                row.getBoolean("recording_available"), (ObjectNode) read(row.getString("metadata"), ObjectNode.class),
                row.getBoolean("holds_live_slot"), DbTime.fromDb(row.getOffsetDateTime("created_at")),
                DbTime.fromDb(row.getOffsetDateTime("updated_at")));
    }


    private static OffsetDateTime toDb(Instant instant) {
        return instant == null ? null : DbTime.toDb(instant);
    }

    private static Instant fromDb(OffsetDateTime value) {
        return value == null ? null : DbTime.fromDb(value);
    }

    private <T> T read(String json, Object type) {
        try {
            if (type instanceof TypeReference<?> reference) {
                @SuppressWarnings("unchecked")
                T value = (T) objectMapper.readValue(json, reference);
                return value;
            }
            @SuppressWarnings("unchecked")
            T value = (T) objectMapper.readValue(json, (Class<?>) type);
            return value;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored call column is not JSON", e);
        }
    }

    String json(Object value) {
        try {
            return objectMapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
