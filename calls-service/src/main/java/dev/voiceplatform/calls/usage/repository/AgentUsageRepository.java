package dev.voiceplatform.calls.usage.repository;

import dev.voiceplatform.common.db.DbTime;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Aggregates over an agent's calls, each one query; bounded by the organization. */
@ApplicationScoped
public class AgentUsageRepository {

    /** All-time figures of an agent's calls; durations in seconds. */
    public record Stats(long totalCalls, long completedCalls, long failedCalls, long totalDuration, double avgDuration,
            BigDecimal totalCost) {
    }

    /** Calls, seconds and cost over a span (or one UTC day of it). */
    public record Usage(LocalDate day, long calls, long seconds, BigDecimal cost) {
    }

    public Uni<Stats> stats(SqlClient client, UUID organizationId, UUID agentId) {
        return client.preparedQuery("SELECT count(*) AS total, count(*) FILTER (WHERE status = 'completed') AS completed, "
                        + "count(*) FILTER (WHERE status = 'failed') AS failed, COALESCE(sum(duration), 0) AS seconds, "
                        + "COALESCE(avg(COALESCE(duration, 0)) FILTER (WHERE status = 'completed'), 0) AS average, "
                        + "COALESCE(sum(cost), 0) AS cost FROM calls WHERE org_id = $1 AND agent_id = $2")
                .execute(Tuple.of(organizationId, agentId))
                .map(rows -> {
                    Row row = rows.iterator().next();
                    return new Stats(row.getLong("total"), row.getLong("completed"), row.getLong("failed"),
                            row.getLong("seconds"), row.getBigDecimal("average").doubleValue(),
                            row.getBigDecimal("cost"));
                });
    }

    /** Totals of calls placed or received in [from, until). */
    public Uni<Usage> total(SqlClient client, UUID organizationId, UUID agentId, Instant from, Instant until) {
        return client.preparedQuery("SELECT count(*) AS calls, COALESCE(sum(duration), 0) AS seconds, "
                        + "COALESCE(sum(cost), 0) AS cost FROM calls WHERE org_id = $1 AND agent_id = $2 "
                        + "AND created_at >= $3 AND created_at < $4")
                .execute(Tuple.of(organizationId, agentId, DbTime.toDb(from), DbTime.toDb(until)))
                .map(rows -> {
                    Row row = rows.iterator().next();
                    return new Usage(null, row.getLong("calls"), row.getLong("seconds"), row.getBigDecimal("cost"));
                });
    }

    /** The same per UTC day, days with calls only, oldest first. */
    public Uni<List<Usage>> daily(SqlClient client, UUID organizationId, UUID agentId, Instant from, Instant until) {
        return client.preparedQuery("SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS calls, "
                        + "COALESCE(sum(duration), 0) AS seconds, COALESCE(sum(cost), 0) AS cost FROM calls "
                        + "WHERE org_id = $1 AND agent_id = $2 AND created_at >= $3 AND created_at < $4 "
                        + "GROUP BY 1 ORDER BY 1")
                .execute(Tuple.of(organizationId, agentId, DbTime.toDb(from), DbTime.toDb(until)))
                .map(rows -> {
                    List<Usage> days = new ArrayList<>(rows.size());
                    rows.forEach(row -> days.add(new Usage(row.getLocalDate("day"), row.getLong("calls"),
                            row.getLong("seconds"), row.getBigDecimal("cost"))));
                    return days;
                });
    }
}
