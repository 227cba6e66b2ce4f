package dev.voiceplatform.calls.usage.rest;

import dev.voiceplatform.calls.call.Call;
import dev.voiceplatform.calls.usage.repository.AgentUsageRepository;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.agents.AgentDirectory;
import dev.voiceplatform.common.api.DateRange;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * An agent's call statistics and usage (part 4.2), in camelCase like the other editor-style bodies. The agent must be
 * a live agent of the organization (the agents service says so); otherwise 404.
 */
@Path("/agents/{id}")
@Produces(MediaType.APPLICATION_JSON)
public class AgentUsageResource {

    /** The span GET /agents/:id/usage covers when no dates are given: the last 30 days up to now. */
    static final Duration DEFAULT_SPAN = Duration.ofDays(30);
    static final String CURRENCY = "USD";

    private final Pool pool;
    private final AgentUsageRepository usage;
    private final AgentDirectory agents;
    private final CurrentTenant currentTenant;
    private final Clock clock;

    public AgentUsageResource(Pool pool, AgentUsageRepository usage, AgentDirectory agents,
            CurrentTenant currentTenant, Clock clock) {
        this.pool = pool;
        this.usage = usage;
        this.agents = agents;
        this.currentTenant = currentTenant;
        this.clock = clock;
    }

    public record StatsOut(Stats stats) {
    }

    public record Stats(long totalCalls, long completedCalls, long failedCalls, long totalDuration,
            BigDecimal avgDuration, BigDecimal totalCost) {
    }

    public record UsageOut(Usage usage) {
    }

    public record Usage(UUID agentId, Instant fromDate, Instant toDate, long calls, BigDecimal minutes,
            BigDecimal estimatedCost, String currency) {
    }

    public record DailyUsageOut(DailyUsage usage) {
    }

    public record DailyUsage(UUID agentId, Instant fromDate, Instant toDate, List<Day> days, String currency) {
    }

    public record Day(LocalDate date, long calls, BigDecimal minutes, BigDecimal estimatedCost) {
    }

    @GET
    @Path("/stats")
    @RolesAllowed(Scopes.AGENTS_READ)
    public Uni<StatsOut> stats(@RestPath String id) {
        UUID agentId = Ids.fromPath(id, "Agent");
        return requireAgent(agentId).chain(() -> usage.stats(pool, currentTenant.get().organizationId(), agentId))
                .map(stats -> new StatsOut(new Stats(stats.totalCalls(), stats.completedCalls(), stats.failedCalls(),
                        stats.totalDuration(),
                        Call.plain(BigDecimal.valueOf(stats.avgDuration()).setScale(2, RoundingMode.HALF_UP)),
                        Call.plain(stats.totalCost()))));
    }

    @GET
    @Path("/usage")
    @RolesAllowed(Scopes.AGENTS_READ)
    public Uni<UsageOut> usage(@RestPath String id, @RestQuery("from_date") String fromDate,
            @RestQuery("to_date") String toDate) {
        UUID agentId = Ids.fromPath(id, "Agent");
        DateRange span = span(fromDate, toDate);
        return requireAgent(agentId)
                .chain(() -> usage.total(pool, currentTenant.get().organizationId(), agentId, span.from(), span.until()))
                .map(total -> new UsageOut(new Usage(agentId, span.from(), span.until(), total.calls(),
                        minutes(total.seconds()), Call.plain(total.cost()), CURRENCY)));
    }

    @GET
    @Path("/usage/daily")
    @RolesAllowed(Scopes.AGENTS_READ)
    public Uni<DailyUsageOut> daily(@RestPath String id, @RestQuery("from_date") String fromDate,
            @RestQuery("to_date") String toDate) {
        UUID agentId = Ids.fromPath(id, "Agent");
        DateRange span = span(fromDate, toDate);
        return requireAgent(agentId)
                .chain(() -> usage.daily(pool, currentTenant.get().organizationId(), agentId, span.from(), span.until()))
                .map(days -> new DailyUsageOut(new DailyUsage(agentId, span.from(), span.until(), days.stream()
                        .map(day -> new Day(day.day(), day.calls(), minutes(day.seconds()), Call.plain(day.cost())))
                        .toList(), CURRENCY)));
    }

    /** The dates given, each side defaulting to the last 30 days up to now. */
    private DateRange span(String fromDate, String toDate) {
        DateRange given = DateRange.parse(fromDate, toDate);
        Instant until = given.until() != null ? given.until() : clock.instant();
        Instant from = given.from() != null ? given.from() : until.minus(DEFAULT_SPAN);
        if (!from.isBefore(until)) {
            throw ApiException.validation("from_date", "must be before to_date");
        }
        return new DateRange(from, until);
    }

    private Uni<Void> requireAgent(UUID agentId) {
        return agents.exists(agentId).invoke(exists -> {
            if (!exists) {
                throw ApiException.notFound("Agent");
            }
        }).replaceWithVoid();
    }

    private static BigDecimal minutes(long seconds) {
        return Call.plain(BigDecimal.valueOf(seconds).divide(BigDecimal.valueOf(60), 2, RoundingMode.HALF_UP));
    }
}
