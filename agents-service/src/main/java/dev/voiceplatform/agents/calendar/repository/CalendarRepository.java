package dev.voiceplatform.agents.calendar.repository;

import dev.voiceplatform.agents.calendar.CalendarSettings;
import dev.voiceplatform.agents.calendar.rest.CalendarInput;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.db.Rows;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.UUID;

/** SQL over agent_calendars and calendar_connections. Every query is bounded by the organization. */
@ApplicationScoped
public class CalendarRepository {

    private static final String CALENDAR_COLUMNS = "c.id, c.calendar_connection_id, c.is_enabled, c.timezone, "
            + "c.default_duration, c.buffer_time, c.event_type_id, c.event_type_slug, c.created_at, c.updated_at";

    /** The live agent and what it has saved, in one query. */
    public record Found(String agentTimezone, CalendarSettings saved) {
    }

    /** What a PUT needs to know first: the live agent and whether the organization owns the connection. */
    public record Target(String agentTimezone, boolean connectionOwned) {
    }

    /** Null when the organization has no such live agent; {@code saved} null when nothing was saved. */
    public Uni<Found> find(SqlClient client, UUID organizationId, UUID agentId) {
        return client.preparedQuery("SELECT a.settings->>'agentTimezone' AS agent_timezone, " + CALENDAR_COLUMNS
                        + " FROM agents a LEFT JOIN agent_calendars c ON c.agent_id = a.id"
                        + " WHERE a.org_id = $1 AND a.id = $2 AND a.deleted_at IS NULL")
                .execute(Tuple.of(organizationId, agentId))
                .map(rows -> Rows.firstOrNull(rows, row -> new Found(row.getString("agent_timezone"),
                        row.getUUID("id") == null ? null : map(agentId, row))));
    }

    /** Null when the organization has no such live agent. {@code connectionId} may be null (nothing to check). */
    public Uni<Target> target(SqlClient client, UUID organizationId, UUID agentId, UUID connectionId) {
        return client.preparedQuery("SELECT a.settings->>'agentTimezone' AS agent_timezone, EXISTS (SELECT 1 FROM "
                        + "calendar_connections k WHERE k.id = $3 AND k.org_id = a.org_id) AS connection_owned"
                        + " FROM agents a WHERE a.org_id = $1 AND a.id = $2 AND a.deleted_at IS NULL")
                .execute(Tuple.of(organizationId, agentId, connectionId))
                .map(rows -> Rows.firstOrNull(rows,
                        row -> new Target(row.getString("agent_timezone"), row.getBoolean("connection_owned"))));
    }

    /**
     * Creates the record from {@code initial} or, when the agent has one, changes only the keys sent: one atomic
     * statement, so concurrent first writes make one record and concurrent writes of different keys both land.
     */
    public Uni<CalendarSettings> upsert(SqlClient client, UUID organizationId, UUID newId, CalendarSettings initial,
            CalendarInput.Changes sent, Instant now) {
        return client.preparedQuery("INSERT INTO agent_calendars AS c (id, org_id, agent_id, calendar_connection_id, "
                        + "is_enabled, timezone, default_duration, buffer_time, event_type_id, event_type_slug, "
                        + "created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) "
                        + "ON CONFLICT (agent_id) DO UPDATE SET "
                        + "calendar_connection_id = " + keepUnless(12, "calendar_connection_id") + ", "
                        + "is_enabled = " + keepUnless(13, "is_enabled") + ", "
                        + "timezone = " + keepUnless(14, "timezone") + ", "
                        + "default_duration = " + keepUnless(15, "default_duration") + ", "
                        + "buffer_time = " + keepUnless(16, "buffer_time") + ", "
                        + "event_type_id = " + keepUnless(17, "event_type_id") + ", "
                        + "event_type_slug = " + keepUnless(18, "event_type_slug") + ", "
                        + "updated_at = EXCLUDED.updated_at RETURNING " + CALENDAR_COLUMNS)
                .execute(Tuple.from(new Object[] {
                        newId, organizationId, initial.agentId(), initial.calendarConnectionId(), initial.isEnabled(),
                        initial.timezone(), initial.defaultDuration(), initial.bufferTime(), initial.eventTypeId(),
                        initial.eventTypeSlug(), DbTime.toDb(now),
                        sent.connection() != null, sent.enabled() != null, sent.timezone() != null,
                        sent.defaultDuration() != null, sent.bufferTime() != null, sent.eventTypeId() != null,
                        sent.eventTypeSlug() != null}))
                .map(rows -> map(initial.agentId(), rows.iterator().next()));
    }

    private static String keepUnless(int sentParameter, String column) {
        return "CASE WHEN $" + sentParameter + " THEN EXCLUDED." + column + " ELSE c." + column + " END";
    }

    private static CalendarSettings map(UUID agentId, Row row) {
        return new CalendarSettings(row.getUUID("id").toString(), agentId, row.getBoolean("is_enabled"),
                row.getString("timezone"), row.getInteger("default_duration"), row.getInteger("buffer_time"),
                row.getUUID("calendar_connection_id"), row.getString("event_type_id"),
                row.getString("event_type_slug"), DbTime.fromDb(row.getOffsetDateTime("created_at")),
                DbTime.fromDb(row.getOffsetDateTime("updated_at")));
    }
}
