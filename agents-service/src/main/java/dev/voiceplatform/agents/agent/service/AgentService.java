package dev.voiceplatform.agents.agent.service;

import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.AgentStatus;
import dev.voiceplatform.agents.agent.repository.AgentRepository;
import dev.voiceplatform.agents.config.AgentsConfig;
import dev.voiceplatform.agents.number.AgentPhoneNumberRepository;
import dev.voiceplatform.agents.number.NumberRoutes;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.PageRequest;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.events.AgentCreated;
import dev.voiceplatform.common.events.AgentDeleted;
import dev.voiceplatform.common.events.AgentPublished;
import dev.voiceplatform.common.events.AgentUnpublished;
import dev.voiceplatform.common.events.AgentUpdated;
import dev.voiceplatform.common.events.PlatformEvent;
import dev.voiceplatform.common.outbox.OutboxWriter;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;

/**
 * The agent lifecycle of part 3.1. Every change is one transaction that writes the agent and its event to the
 * outbox, and moves the version by one; a write lands only on the version it was computed from.
 */
@ApplicationScoped
public class AgentService {

    private final Pool pool;
    private final AgentRepository agents;
    private final OutboxWriter outbox;
    private final Clock clock;
    private final AgentsConfig config;
    private final NumberRoutes numberRoutes;
    private final AgentPhoneNumberRepository phoneNumbers;

    public AgentService(Pool pool, AgentRepository agents, OutboxWriter outbox, Clock clock, AgentsConfig config,
            NumberRoutes numberRoutes, AgentPhoneNumberRepository phoneNumbers) {
        this.pool = pool;
        this.agents = agents;
        this.outbox = outbox;
        this.clock = clock;
        this.config = config;
        this.numberRoutes = numberRoutes;
        this.phoneNumbers = phoneNumbers;
    }

    public Uni<Agent> create(Tenant tenant, AgentInput.Draft draft) {
        checkAccountActive(tenant);
        UUID organizationId = tenant.organizationId();
        return pool.withTransaction(tx -> agents.lockOrganization(tx, organizationId)
                .chain(() -> agents.countAgainstPlan(tx, organizationId))
                .chain(current -> {
                    if (current >= tenant.plan().maxAgents()) {
                        return Uni.createFrom().failure(agentLimitReached(tenant, current));
                    }
                    Instant now = now();
                    Agent agent = new Agent(Ids.newId(), organizationId, draft.name(), draft.description(),
                            draft.prompt(), draft.greeting(), draft.language(), draft.voice(), draft.model(),
                            AgentStatus.INACTIVE, 1, false, null, now, now, null);
                    return agents.insert(tx, agent)
                            .chain(() -> outbox.append(tx, organizationId, new AgentCreated(agent.snapshot())))
                            .replaceWith(agent);
                }));
    }

    /**
     * The plan checks of create, for actions that need a free agent slot without creating an agent (the drafting
     * wizards): 402 TRIAL_EXPIRED, then 402 AGENT_LIMIT_REACHED.
     */
    public Uni<Void> checkCanCreate(Tenant tenant) {
        return Uni.createFrom().deferred(() -> {
            checkAccountActive(tenant);
            return agents.countAgainstPlan(pool, tenant.organizationId()).invoke(current -> {
                if (current >= tenant.plan().maxAgents()) {
                    throw agentLimitReached(tenant, current);
                }
            }).replaceWithVoid();
        });
    }

    public Uni<Agent> get(Tenant tenant, UUID id) {
        return agents.find(pool, tenant.organizationId(), id).map(AgentService::requireLive);
    }

    public Uni<AgentRepository.Page> list(Tenant tenant, AgentStatus status, PageRequest page) {
        return agents.page(pool, tenant.organizationId(), status, page.limit(), page.offset());
    }

    /** The numbers routing to each of the agents, as the numbers service last announced them. */
    public Uni<Map<UUID, List<String>>> phoneNumbers(Tenant tenant, List<Agent> listed) {
        return phoneNumbers.numbersOf(pool, tenant.organizationId(), listed.stream().map(Agent::id).toList());
    }

    public Uni<Agent> update(Tenant tenant, UUID id, AgentInput.Changes changes, Integer expectedVersion) {
        return change(tenant, id, expectedVersion, current -> {
            String model = changes.model() != null ? changes.model() : current.model();
            String voice = changes.voice() != null ? changes.voice() : current.voice();
            AgentInput.checkEngine(model, voice, tenant, changes.modelSent());
            Agent next = current.withContent(
                    pick(changes.name(), current.name()),
                    changes.description() != null ? AgentInput.emptyToNull(changes.description()) : current.description(),
                    pick(changes.prompt(), current.prompt()),
                    changes.greeting() != null ? AgentInput.emptyToNull(changes.greeting()) : current.greeting(),
                    pick(changes.language(), current.language()), voice, model);
            List<String> changed = changedFields(current, next);
            if (changed.isEmpty()) {
                return Change.none();
            }
            return new Change(next, saved -> new AgentUpdated(saved.snapshot(), changed));
        });
    }

    public Uni<Agent> publish(Tenant tenant, UUID id) {
        return change(tenant, id, null, current -> {
            if (current.tester()) {
                throw ApiException.of(ErrorCode.AGENT_NOT_PUBLISHABLE, "Tester agents cannot be published")
                        .withHint("Publish the agent under test instead.");
            }
            if (!current.hasUsablePrompt()) {
                throw ApiException.of(ErrorCode.AGENT_NOT_PUBLISHABLE, "The agent has no usable prompt");
            }
            return switch (current.status()) {
                case ACTIVE -> Change.none();
                // No simulation can have passed yet: simulation records arrive with the test tooling.
                case DRAFT -> throw ApiException.of(ErrorCode.AGENT_NEEDS_PASSING_TEST,
                        "A draft agent needs a simulation scoring 70 or more on its current prompt");
                case INACTIVE, TESTING -> new Change(current.withStatus(AgentStatus.ACTIVE),
                        saved -> new AgentPublished(saved.snapshot()));
            };
        });
    }

    public Uni<Agent> unpublish(Tenant tenant, UUID id) {
        return change(tenant, id, null, current -> current.status() != AgentStatus.ACTIVE
                ? Change.none()
                : new Change(current.withStatus(AgentStatus.INACTIVE), saved -> new AgentUnpublished(saved.snapshot())));
    }

    /**
     * Deletes the agent once the numbers service has retired it (refused while a number routes to it; after it, no
     * bind reaches the agent). The agent's row stays locked from the read to the write, so nothing else changes it
     * in between. Should the write still fail, the agent stays, retired: retiring is idempotent and the delete can be
     * retried.
     */
    public Uni<Agent> delete(Tenant tenant, UUID id) {
        UUID organizationId = tenant.organizationId();
        Uni<Void> retirement = numberRoutes.retire(id);
        return pool.withTransaction(tx -> agents.findForUpdate(tx, organizationId, id).chain(found -> {
            Agent current = requireLive(found);
            Instant now = now();
            Agent next = current.deletedAt(now).nextVersion(now);
            return retirement
                    .chain(() -> agents.updateIfVersion(tx, next, current.version()))
                    .chain(written -> written
                            ? outbox.append(tx, organizationId, new AgentDeleted(next.id(), next.name(), now))
                                    .replaceWith(next)
                            : lostRace(tx, organizationId, id));
        }));
    }

    /** What a change does to the agent and the event it emits; none when nothing changes. */
    private record Change(Agent next, Function<Agent, PlatformEvent> event) {

        static Change none() {
            return new Change(null, null);
        }

        boolean isNone() {
            return next == null;
        }
    }

    /**
     * Reads the agent, applies {@code decide} and writes the result on the version it read. A stale If-Match
     * is 412; a write that finds the row changed since the read is 409 VERSION_CONFLICT, or 409 AGENT_DELETED
     * when the change was a deletion.
     */
    private Uni<Agent> change(Tenant tenant, UUID id, Integer expectedVersion, Function<Agent, Change> decide) {
        UUID organizationId = tenant.organizationId();
        return pool.withTransaction(tx -> agents.find(tx, organizationId, id).chain(found -> {
            Agent current = requireLive(found);
            if (expectedVersion != null && expectedVersion != current.version()) {
                return Uni.createFrom().failure(ApiException.of(ErrorCode.VERSION_CONFLICT,
                                "The agent is at version " + current.version() + ", not " + expectedVersion)
                        .withDetail("current_version", current.version()));
            }
            Change change = decide.apply(current);
            if (change.isNone()) {
                return Uni.createFrom().item(current);
            }
            Agent next = change.next().nextVersion(now());
            return agents.updateIfVersion(tx, next, current.version()).chain(written -> written
                    ? outbox.append(tx, organizationId, change.event().apply(next)).replaceWith(next)
                    : lostRace(tx, organizationId, id));
        }));
    }

    private Uni<Agent> lostRace(SqlClient tx, UUID organizationId, UUID id) {
        return agents.find(tx, organizationId, id).chain(latest -> Uni.createFrom().failure(
                latest == null || latest.deleted()
                        ? ApiException.of(ErrorCode.AGENT_DELETED, "The agent was deleted while this change was applied")
                        : ApiException.of(ErrorCode.VERSION_CONFLICT,
                                        "The agent changed while this change was applied")
                                .withStatus(409)
                                .withDetail("current_version", latest.version())));
    }

    private void checkAccountActive(Tenant tenant) {
        if (!tenant.plan().accountActive()) {
            throw ApiException.of(ErrorCode.TRIAL_EXPIRED, "The account is " + tenant.plan().accountStatus())
                    .withDetail("upgrade_url", config.upgradeUrl());
        }
    }

    private static ApiException agentLimitReached(Tenant tenant, long current) {
        return ApiException.of(ErrorCode.AGENT_LIMIT_REACHED,
                        "The plan allows " + tenant.plan().maxAgents() + " agents")
                .withDetail("current", current)
                .withDetail("max_agents", tenant.plan().maxAgents())
                .withDetail("current_tier", tenant.plan().tier());
    }

    private static Agent requireLive(Agent agent) {
        if (agent == null || agent.deleted()) {
            throw ApiException.notFound("Agent");
        }
        return agent;
    }

    private static List<String> changedFields(Agent before, Agent after) {
        List<String> changed = new ArrayList<>();
        addIfChanged(changed, "name", before.name(), after.name());
        addIfChanged(changed, "description", before.description(), after.description());
        addIfChanged(changed, "prompt", before.prompt(), after.prompt());
        addIfChanged(changed, "greeting", before.greeting(), after.greeting());
        addIfChanged(changed, "language", before.language(), after.language());
        addIfChanged(changed, "voice", before.voice(), after.voice());
        addIfChanged(changed, "model", before.model(), after.model());
        return changed;
    }

    private static void addIfChanged(List<String> changed, String field, Object before, Object after) {
        if (!Objects.equals(before, after)) {
            changed.add(field);
        }
    }

    private static String pick(String sent, String current) {
        return sent != null ? sent : current;
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
