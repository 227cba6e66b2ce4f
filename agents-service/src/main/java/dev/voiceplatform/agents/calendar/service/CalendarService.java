package dev.voiceplatform.agents.calendar.service;

import dev.voiceplatform.agents.agent.service.AgentService;
import dev.voiceplatform.agents.calendar.CalendarSettings;
import dev.voiceplatform.agents.calendar.repository.CalendarRepository;
import dev.voiceplatform.agents.calendar.rest.CalendarInput;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.pgclient.PgException;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.UUID;

/**
 * Reads and saves an agent's calendar settings (parts 2.13 and 4.2): one query to read; to save, one before the
 * transaction and two in it, since a save moves the agent's version (part 2.3) and emits {@code agent.updated}.
 */
@ApplicationScoped
public class CalendarService {

    public static final String NOT_A_CONNECTION = "is not a calendar connection of your organization";
    /** How {@code agent.updated} names a change of the calendar settings. */
    static final String CHANGED_BLOCK = "calendar";
    private static final String FOREIGN_KEY_VIOLATION = "23503";

    private final Pool pool;
    private final CalendarRepository calendars;
    private final AgentService agents;
    private final Clock clock;

    public CalendarService(Pool pool, CalendarRepository calendars, AgentService agents, Clock clock) {
        this.pool = pool;
        this.calendars = calendars;
        this.agents = agents;
        this.clock = clock;
    }

    public Uni<CalendarSettings> get(Tenant tenant, UUID agentId) {
        return calendars.find(pool, tenant.organizationId(), agentId).map(found -> {
            if (found == null) {
                throw ApiException.notFound("Agent");
            }
            return found.saved() != null ? found.saved() : CalendarSettings.defaults(agentId, found.agentTimezone());
        });
    }

    public Uni<CalendarSettings> put(Tenant tenant, UUID agentId, CalendarInput.Changes changes) {
        UUID organizationId = tenant.organizationId();
        UUID connection = changes.connectionToCheck();
        return calendars.target(pool, organizationId, agentId, connection).chain(target -> {
            if (target == null) {
                throw ApiException.notFound("Agent");
            }
            if (connection != null && !target.connectionOwned()) {
                throw notAConnection();
            }
            CalendarSettings initial = firstRecord(agentId, target.agentTimezone(), changes);
            // The agent first: deleted since the check, it answers 404 and nothing is saved.
            return pool.withTransaction(tx -> agents.blockChanged(tx, tenant, agentId, CHANGED_BLOCK)
                            .chain(() -> calendars.upsert(tx, organizationId, Ids.newId(), initial, changes,
                                    DbTime.now(clock))))
                    // The connection was removed in the dashboard between the check and the write.
                    .onFailure(failure -> failure instanceof PgException pg
                            && FOREIGN_KEY_VIOLATION.equals(pg.getSqlState()))
                    .transform(failure -> notAConnection());
        });
    }

    /** The record a first PUT creates: what was sent, and the defaults for the rest. */
    private static CalendarSettings firstRecord(UUID agentId, String agentTimezone, CalendarInput.Changes changes) {
        CalendarSettings defaults = CalendarSettings.defaults(agentId, agentTimezone);
        return new CalendarSettings(null, agentId,
                changes.enabled() != null ? changes.enabled() : defaults.isEnabled(),
                changes.timezone() != null ? changes.timezone() : defaults.timezone(),
                changes.defaultDuration() != null ? changes.defaultDuration() : defaults.defaultDuration(),
                changes.bufferTime() != null ? changes.bufferTime() : defaults.bufferTime(),
                changes.connectionToCheck(),
                changes.eventTypeId() != null ? changes.eventTypeId().value() : null,
                changes.eventTypeSlug() != null ? changes.eventTypeSlug().value() : null,
                null, null);
    }

    private static ApiException notAConnection() {
        return ApiException.validation(CalendarInput.CONNECTION, NOT_A_CONNECTION);
    }
}
