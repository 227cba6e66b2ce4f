package dev.voiceplatform.runtime.call.repository;

import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.db.Rows;
import dev.voiceplatform.runtime.call.CallLine;
import dev.voiceplatform.runtime.call.CallOutcome;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** SQL over runtime_calls, the calls this runtime carries. */
@ApplicationScoped
public class CallRepository {

    public static final String RINGING = "ringing";
    public static final String CONNECTED = "connected";
    public static final String ENDED = "ended";

    /** What the runtime keeps of a call after its line is gone. */
    public record StoredCall(UUID id, UUID organizationId, UUID agentId, String state, boolean recordingAvailable) {

        public boolean ended() {
            return ENDED.equals(state);
        }
    }

    /** A call found live at start, which the runtime ends. */
    public record Abandoned(UUID id, UUID organizationId, UUID agentId, Instant answeredAt) {
    }

    /** Inserts the call; false when a call with this id exists already (a repeated dial). */
    public Uni<Boolean> insert(SqlClient client, CallLine line, String state, Instant createdAt, Instant answeredAt) {
        return client.preparedQuery("INSERT INTO runtime_calls (id, org_id, agent_id, direction, to_number, "
                        + "from_number, state, created_at, answered_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) "
                        + "ON CONFLICT (id) DO NOTHING")
                .execute(Tuple.from(new Object[] {line.id(), line.organizationId(), line.agentId(),
                        line.direction().wireName(), line.to(), line.from(), state, DbTime.toDb(createdAt),
                        answeredAt == null ? null : DbTime.toDb(answeredAt)}))
                .map(result -> result.rowCount() == 1);
    }

    public Uni<StoredCall> find(SqlClient client, UUID id) {
        return client.preparedQuery("SELECT id, org_id, agent_id, state, recording_available FROM runtime_calls "
                        + "WHERE id = $1")
                .execute(Tuple.of(id))
                .map(rows -> Rows.firstOrNull(rows, CallRepository::stored));
    }

    /** Marks a ringing call answered; false when it is no longer ringing (ended meanwhile). */
    public Uni<Boolean> markConnected(SqlClient client, UUID id, Instant answeredAt) {
        return client.preparedQuery("UPDATE runtime_calls SET state = 'connected', answered_at = $2 "
                        + "WHERE id = $1 AND state = 'ringing'")
                .execute(Tuple.of(id, DbTime.toDb(answeredAt)))
                .map(result -> result.rowCount() == 1);
    }

    /** Records the outcome; false when the call had ended already, so an outcome is written once. */
    public Uni<Boolean> end(SqlClient client, UUID id, CallOutcome outcome) {
        return client.preparedQuery("UPDATE runtime_calls SET state = 'ended', status = $2, end_reason = $3, "
                        + "answered_at = $4, ended_at = $5, duration = $6, cost = $7, recording_available = $8 "
                        + "WHERE id = $1 AND state <> 'ended'")
                .execute(Tuple.from(new Object[] {id, outcome.status(), outcome.endReason(),
                        outcome.answeredAt() == null ? null : DbTime.toDb(outcome.answeredAt()),
                        DbTime.toDb(outcome.endedAt()), outcome.duration(), outcome.cost(),
                        outcome.recordingAvailable()}))
                .map(result -> result.rowCount() == 1);
    }

    /** Every call still live that was placed before {@code before}, locked for the transaction that ends them. */
    public Uni<List<Abandoned>> liveForUpdate(SqlClient client, Instant before) {
        return client.preparedQuery("SELECT id, org_id, agent_id, answered_at FROM runtime_calls "
                        + "WHERE state <> 'ended' AND created_at < $1 ORDER BY created_at FOR UPDATE")
                .execute(Tuple.of(DbTime.toDb(before)))
                .map(rows -> {
                    List<Abandoned> out = new ArrayList<>(rows.size());
                    rows.forEach(row -> out.add(new Abandoned(row.getUUID("id"), row.getUUID("org_id"),
                            row.getUUID("agent_id"), row.getOffsetDateTime("answered_at") == null ? null
                                    : DbTime.fromDb(row.getOffsetDateTime("answered_at")))));
                    return out;
                });
    }

    private static StoredCall stored(Row row) {
        return new StoredCall(row.getUUID("id"), row.getUUID("org_id"), row.getUUID("agent_id"),
                row.getString("state"), row.getBoolean("recording_available"));
    }
}
