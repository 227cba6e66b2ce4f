package dev.voiceplatform.agents.agent.service;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.AgentNames;
import dev.voiceplatform.agents.agent.AgentStatus;
import dev.voiceplatform.agents.agent.VoiceCatalog;
import dev.voiceplatform.agents.agent.repository.AgentRepository;
import dev.voiceplatform.agents.agent.rest.AgentInput;
import dev.voiceplatform.agents.agent.rest.TesterInput;
import dev.voiceplatform.agents.config.AgentsConfig;
import dev.voiceplatform.agents.number.repository.AgentPhoneNumberRepository;
import dev.voiceplatform.agents.number.service.NumberRoutes;
import dev.voiceplatform.agents.settings.WebhookBlock;
import dev.voiceplatform.agents.settings.service.WebhookUrlCheck;
import dev.voiceplatform.agents.simulation.PromptHash;
import dev.voiceplatform.agents.simulation.repository.SimulationRunRepository;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.PageRequest;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.error.FieldError;
import dev.voiceplatform.common.events.AgentCreated;
import dev.voiceplatform.common.events.AgentDeleted;
import dev.voiceplatform.common.events.AgentDuplicated;
import dev.voiceplatform.common.events.AgentPublished;
import dev.voiceplatform.common.events.AgentUnpublished;
import dev.voiceplatform.common.events.AgentUpdated;
import dev.voiceplatform.common.events.PlatformEvent;
import dev.voiceplatform.common.idempotency.IdempotentCreates;
import dev.voiceplatform.common.outbox.OutboxWriter;
import dev.voiceplatform.common.tenancy.OrganizationBulkhead;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Function;

/**
 * The agent lifecycle of part 3.1. Every change is one transaction that writes the agent and its event to the
 * outbox, and moves the version by one; a write lands only on the version it was computed from.
 */
@ApplicationScoped
public class AgentService {

    /** The plan entitlement under which a prompt change of an inactive agent makes it a draft. */
    public static final String PUBLISH_REQUIRES_TEST = "publish-requires-test";
    /** Appended to the name of a duplicate. */
    static final String COPY_SUFFIX = " (copy)";
    /** What the Idempotency-Keys of creates and of duplicates name in the idempotent_creates table. */
    static final String CREATED_AGENT = "agent";
    static final String DUPLICATED_AGENT = "agent duplicate";

    private final Pool pool;
    private final AgentRepository agents;
    private final OutboxWriter outbox;
    private final Clock clock;
    private final AgentsConfig config;
    private final NumberRoutes numberRoutes;
    private final AgentPhoneNumberRepository phoneNumbers;
    private final SimulationRunRepository simulationRuns;
    private final WebhookUrlCheck webhookUrls;
    private final IdempotentCreates idempotentCreates;
    /** Creates and duplicates of one organization at once in this replica (they meet on its plan's slot row). */
    private final OrganizationBulkhead createsPerOrganization;

    public AgentService(Pool pool, AgentRepository agents, OutboxWriter outbox, Clock clock, AgentsConfig config,
            NumberRoutes numberRoutes, AgentPhoneNumberRepository phoneNumbers,
            SimulationRunRepository simulationRuns, WebhookUrlCheck webhookUrls, IdempotentCreates idempotentCreates) {
        this.pool = pool;
        this.idempotentCreates = idempotentCreates;
        this.agents = agents;
        this.outbox = outbox;
        this.clock = clock;
        this.config = config;
        this.numberRoutes = numberRoutes;
        this.phoneNumbers = phoneNumbers;
        this.simulationRuns = simulationRuns;
        this.webhookUrls = webhookUrls;
        this.createsPerOrganization = new OrganizationBulkhead(config.createsInFlightPerOrganization());
    }

    /**
     * Creates the agent with its per-agent webhook block (part 2.10), or none when {@code webhook} is null. The
     * webhook's URL is checked (a name lookup) before the transaction opens. With an {@code idempotencyKey} (null
     * when there is none) already recorded, the agent created under it is answered (404 when it was deleted since)
     * and nothing is made: no second agent, event or plan slot.
     */
    public Uni<Agent> create(Tenant tenant, AgentInput.Draft draft, WebhookBlock.Sent webhook, String idempotencyKey) {
        UUID organizationId = tenant.organizationId();
        return checkWebhookUrl(webhook).chain(() -> {
            checkAccountActive(tenant);
            return createsPerOrganization.run(organizationId, () -> pool.withTransaction(tx -> {
                Instant now = now();
                Agent created = new Agent(Ids.newId(), organizationId, draft.name(), draft.description(),
                        draft.prompt(), draft.greeting(), draft.language(), draft.voice(), draft.model(),
                        AgentStatus.INACTIVE, 1, false, null, now, now, null, null, null);
                Agent agent = webhook == null ? created : WebhookBlock.applyTo(created, webhook);
                return idempotentCreates.claim(tx, organizationId, idempotencyKey, CREATED_AGENT, agent.id())
                        .chain(claim -> claim.isNew()
                                ? agents.insert(tx, agent)
                                        .chain(() -> outbox.append(tx, organizationId, new AgentCreated(agent.snapshot())))
                                        .chain(() -> takePlanSlot(tx, tenant))
                                        .replaceWith(agent)
                                : agents.find(tx, organizationId, claim.resourceId()).map(AgentService::requireLive));
            }));
        });
    }

    /**
     * The plan checks of create, for actions that need a free agent slot without creating an agent (the drafting
     * wizards): 402 TRIAL_EXPIRED, then 402 AGENT_LIMIT_REACHED.
     */
    public Uni<Void> checkCanCreate(Tenant tenant) {
        return Uni.createFrom().deferred(() -> {
            checkAccountActive(tenant);
            return agents.planSlotsUsed(pool, tenant.organizationId()).chain(used -> used >= tenant.plan().maxAgents()
                    ? Uni.createFrom().failure(agentLimitReached(tenant, used))
                    : Uni.createFrom().voidItem());
        });
    }

    public Uni<Agent> get(Tenant tenant, UUID id) {
        return agents.find(pool, tenant.organizationId(), id).map(AgentService::requireLive);
    }

    /** The live agent with the numbers routing to it: two queries. */
    public Uni<AgentWithNumbers> getWithNumbers(Tenant tenant, UUID id) {
        return get(tenant, id).chain(agent -> withNumbers(tenant, List.of(agent)).map(listed -> listed.get(0)));
    }

    /** A page of agents, each with the numbers routing to it: three queries whatever the page size. */
    public Uni<AgentsPage> listWithNumbers(Tenant tenant, AgentStatus status, PageRequest page) {
        return agents.page(pool, tenant.organizationId(), status, page.limit(), page.offset())
                .chain(found -> withNumbers(tenant, found.items())
                        .map(items -> new AgentsPage(items, found.total())));
    }

    /** One page of agents and how many the whole list has. */
    public record AgentsPage(List<AgentWithNumbers> items, long total) {
    }

    /** The numbers routing to each of the agents, as the numbers service last announced them. */
    private Uni<List<AgentWithNumbers>> withNumbers(Tenant tenant, List<Agent> listed) {
        return phoneNumbers.numbersOf(pool, tenant.organizationId(), listed.stream().map(Agent::id).toList())
                .map(numbers -> listed.stream()
                        .map(agent -> new AgentWithNumbers(agent, numbers.getOrDefault(agent.id(), List.of())))
                        .toList());
    }

    /**
     * PATCH /agents/:id with the per-agent webhook block, replaced whole when sent ({@code webhook} null when
     * not): an enabled block with neither a new nor a stored secret is 400 INVALID_WEBHOOK_CONFIG. The webhook's URL
     * is checked (a name lookup) before the transaction opens.
     */
    public Uni<Agent> update(Tenant tenant, UUID id, AgentInput.Changes changes, WebhookBlock.Sent webhook,
            Integer expectedVersion) {
        return checkWebhookUrl(webhook).chain(() -> change(tenant, id, expectedVersion, current -> {
            String model = changes.model() != null ? changes.model() : current.model();
            String voice = changes.voice() != null ? changes.voice() : current.voice();
            AgentInput.checkEngine(model, voice, tenant, changes.modelSent());
            Agent next = current.withContent(
                    pick(changes.name(), current.name()),
                    changes.description() != null ? AgentInput.emptyToNull(changes.description()) : current.description(),
                    pick(changes.prompt(), current.prompt()),
                    changes.greeting() != null ? AgentInput.emptyToNull(changes.greeting()) : current.greeting(),
                    pick(changes.language(), current.language()), voice, model);
            if (webhook != null) {
                List<FieldError> missing = WebhookBlock.requireSecret(webhook, WebhookBlock.secretStored(current));
                if (!missing.isEmpty()) {
                    throw WebhookBlock.invalidConfig(missing);
                }
                next = WebhookBlock.applyTo(next, webhook);
            }
            return edited(tenant, current, next);
        })).map(Edited::agent);
    }

    /** An unsafe webhook URL is 400 INVALID_WEBHOOK_CONFIG naming it. */
    private Uni<Void> checkWebhookUrl(WebhookBlock.Sent webhook) {
        return webhookUrls.require(webhook == null ? null : webhook.url(), WebhookBlock::invalidConfig);
    }

    /**
     * A change of the settings document: {@code edit} gives the agent as the change leaves it (or throws the
     * refusal) with what it reports, from the agent as stored, inside the transaction that writes it on the version
     * it read. The answer is the agent as written (as stored when nothing changed) with that report.
     */
    public <R> Uni<Edited<R>> updateSettings(Tenant tenant, UUID id, Integer expectedVersion,
            Function<Agent, Edited<R>> edit) {
        return change(tenant, id, expectedVersion, current -> {
            Edited<R> result = edit.apply(current);
            return edited(tenant, current, result.agent()).reporting(result.report());
        });
    }

    /** An agent as an edit leaves it, and what the edit reports beside it. */
    public record Edited<R>(Agent agent, R report) {
    }

    /**
     * An edit of the agent's content or settings, whichever path made it: none when nothing changed, otherwise
     * {@code agent.updated} naming what changed, and a draft when a prompt change makes one (see entersDraft).
     */
    private static Change<Void> edited(Tenant tenant, Agent current, Agent next) {
        List<String> changed = changedFields(current, next);
        if (changed.isEmpty()) {
            return Change.none();
        }
        if (entersDraft(tenant, current, changed)) {
            changed.add("status");
            return Change.to(next.withStatus(AgentStatus.DRAFT), saved -> new AgentUpdated(saved.snapshot(), changed));
        }
        return Change.to(next, saved -> new AgentUpdated(saved.snapshot(), changed));
    }

    public Uni<Agent> publish(Tenant tenant, UUID id) {
        return passedPromptOfDraft(tenant, id).chain(passedPrompt -> change(tenant, id, null, current -> {
            if (current.tester()) {
                throw ApiException.of(ErrorCode.AGENT_NOT_PUBLISHABLE, "Tester agents cannot be published")
                        .withHint("Publish the agent under test instead.");
            }
            if (!current.hasUsablePrompt()) {
                throw ApiException.of(ErrorCode.AGENT_NOT_PUBLISHABLE, "The agent has no usable prompt");
            }
            return switch (current.status()) {
                case ACTIVE -> Change.none();
                // The pass must be for the prompt read here: a prompt changed since the runs were read has none.
                case DRAFT -> {
                    if (!PromptHash.sha256(current.prompt()).equals(passedPrompt)) {
                        throw ApiException.of(ErrorCode.AGENT_NEEDS_PASSING_TEST,
                                        "A draft agent needs a simulation scoring "
                                                + SimulationRunRepository.PASSING_SCORE + " or more on its current prompt")
                                .withHint("Run a simulation of the agent on its current prompt; a change of the "
                                        + "prompt needs a new passing run.");
                    }
                    yield Change.to(current.withStatus(AgentStatus.ACTIVE),
                            saved -> new AgentPublished(saved.snapshot()));
                }
                case INACTIVE, TESTING -> Change.to(current.withStatus(AgentStatus.ACTIVE),
                        saved -> new AgentPublished(saved.snapshot()));
            };
        }).map(Edited::agent));
    }

    public Uni<Agent> unpublish(Tenant tenant, UUID id) {
        return change(tenant, id, null, current -> current.status() != AgentStatus.ACTIVE
                ? Change.none()
                : Change.to(current.withStatus(AgentStatus.INACTIVE),
                        saved -> new AgentUnpublished(saved.snapshot())))
                .map(Edited::agent);
    }

    /**
     * Deletes the agent in three steps, and no connection is held across the remote call in the middle:
     * <ol>
     * <li>read: the agent must be live in the caller's organization (404 otherwise, and the numbers service is never
     * asked about an agent the caller cannot reach);</li>
     * <li>retire it with the numbers service: refused while a number routes to it (409 AGENT_HAS_PHONE_NUMBER);</li>
     * <li>mark it deleted, in one statement conditional on it still being live, with its event.</li>
     * </ol>
     * Why no lock has to span the retirement: the numbers service orders binds and the retirement under one per-agent
     * lock and keeps the retirement for good. A bind committed before it makes the retirement refuse; every bind after
     * it is refused. So from step 2 on no number can be bound to the agent, whatever lands before step 3. Step 3 is
     * conditional on liveness, not on the version read in step 1: a delete does not depend on the agent's content, so
     * an edit landing in between does not fail it (the edit's own conditional write loses to the delete with 409
     * AGENT_DELETED when it comes after); of two concurrent deletes one writes and the other answers 404, as a repeated
     * delete does. Should step 3 fail, the agent stays, retired: retiring is idempotent and the delete can be retried.
     */
    public Uni<Agent> delete(Tenant tenant, UUID id) {
        UUID organizationId = tenant.organizationId();
        Uni<Void> retirement = numberRoutes.retire(id);
        return get(tenant, id)
                .call(() -> retirement)
                .chain(() -> pool.withTransaction(tx -> {
                    Instant now = now();
                    return agents.markDeleted(tx, organizationId, id, now).chain(deleted -> deleted == null
                            ? Uni.createFrom().failure(ApiException.notFound("Agent"))
                            : outbox.append(tx, organizationId, new AgentDeleted(deleted.id(), deleted.name(), now))
                                    .chain(() -> deleted.tester() ? Uni.createFrom().voidItem()
                                            : agents.releasePlanSlot(tx, organizationId))
                                    .replaceWith(deleted));
                }));
    }

    /**
     * Records, in the caller's transaction, that a block saved beside the agent's row changed the agent (part 2.3:
     * the version moves on every change): moves its version and emits {@code agent.updated} naming the block. 404
     * when the agent is no longer live, which rolls the caller's save back.
     */
    public Uni<Agent> blockChanged(SqlClient tx, Tenant tenant, UUID id, String block) {
        UUID organizationId = tenant.organizationId();
        return agents.moveVersion(tx, organizationId, id, now()).chain(moved -> moved == null
                ? Uni.createFrom().failure(ApiException.notFound("Agent"))
                : outbox.append(tx, organizationId, new AgentUpdated(moved.snapshot(), List.of(block)))
                        .replaceWith(moved));
    }

    /**
     * Copies a live agent into a new inactive agent at version 1 named with a copy suffix: every content column and
     * the whole settings and secrets documents (stage graph, webhook and its secret included), no phone number. It
     * takes a slot of the plan exactly as create does. Emits {@code agent.created} for the copy and
     * {@code agent.duplicated}, so the knowledge service can copy the source's knowledge.
     */
    public Uni<Agent> duplicate(Tenant tenant, UUID sourceId, String idempotencyKey) {
        checkAccountActive(tenant);
        UUID organizationId = tenant.organizationId();
        UUID copyId = Ids.newId();
        // The key is claimed first: a retry answers the copy it made even when the source was deleted since.
        return createsPerOrganization.run(organizationId, () -> pool.withTransaction(tx -> idempotentCreates
                .claim(tx, organizationId, idempotencyKey, DUPLICATED_AGENT, copyId).chain(claim -> claim.isNew()
                        ? copy(tx, tenant, sourceId, copyId)
                        : agents.find(tx, organizationId, claim.resourceId()).map(AgentService::requireLive))));
    }

    private Uni<Agent> copy(SqlClient tx, Tenant tenant, UUID sourceId, UUID copyId) {
        UUID organizationId = tenant.organizationId();
        // The source stays locked to the copy, so its name and its content come from the same version.
        return agents.findForUpdate(tx, organizationId, sourceId).chain(found -> {
            Agent source = requireLive(found);
            if (source.tester()) {
                throw ApiException.of(ErrorCode.INVALID_REQUEST, "A tester agent cannot be duplicated")
                        .withStatus(422)
                        .withHint("Duplicate the agent under test; POST /agents/{id}/tester gives it a tester.");
            }
            String name = AgentNames.withSuffix(source.name(), COPY_SUFFIX, AgentInput.NAME_MAX);
            return agents.duplicate(tx, organizationId, sourceId, copyId, name, now())
                    .chain(copy -> outbox.append(tx, organizationId, new AgentCreated(copy.snapshot()))
                            .chain(() -> outbox.append(tx, organizationId, new AgentDuplicated(sourceId, copy.id())))
                            .chain(() -> takePlanSlot(tx, tenant))
                            .replaceWith(copy));
        });
    }

    /**
     * The tester aimed at {@code targetId}: created on the first call (status testing, never counted against the
     * plan, emits {@code agent.created}), the same one afterwards whatever the body. The target's row lock makes
     * concurrent first calls create one tester.
     */
    public Uni<TesterOutcome> tester(Tenant tenant, UUID targetId, TesterInput input) {
        UUID organizationId = tenant.organizationId();
        return pool.withTransaction(tx -> agents.findForUpdate(tx, organizationId, targetId).chain(found -> {
            Agent target = requireLive(found);
            if (target.tester()) {
                throw ApiException.of(ErrorCode.INVALID_REQUEST, "A tester agent cannot have a tester")
                        .withStatus(422)
                        .withHint("Ask for the tester of the agent under test.");
            }
            return agents.findLiveTester(tx, organizationId, targetId).chain(existing -> {
                if (existing != null) {
                    return Uni.createFrom().item(new TesterOutcome(existing, false));
                }
                String persona = input.persona() != null
                        ? input.persona() : TesterCaller.defaultPersona(target.language());
                String name = input.name() != null ? input.name() : TesterCaller.defaultName(target.name());
                Instant now = now();
                Agent tester = new Agent(Ids.newId(), organizationId, name, null,
                        TesterCaller.prompt(target.name(), persona, target.language()), null, target.language(),
                        VoiceCatalog.defaultVoice(VoiceCatalog.DEFAULT_MODEL), VoiceCatalog.DEFAULT_MODEL,
                        AgentStatus.TESTING, 1, true, targetId, now, now, null, null, null);
                return agents.insert(tx, tester)
                        .chain(() -> agents.saveTesterPersona(tx, organizationId, tester.id(), persona))
                        .chain(() -> outbox.append(tx, organizationId, new AgentCreated(tester.snapshot())))
                        .replaceWith(new TesterOutcome(new AgentRepository.TesterAgent(tester, persona), true));
            });
        }));
    }

    /** A tester and whether this request created it. */
    public record TesterOutcome(AgentRepository.TesterAgent tester, boolean created) {
    }

    /**
     * How an agent enters draft: with the {@code publish-requires-test} entitlement, a prompt change of an inactive
     * agent makes it a draft, which publishes only after a passing simulation on its prompt. An active agent keeps
     * answering calls on its new prompt; a draft stays draft.
     */
    static boolean entersDraft(Tenant tenant, Agent current, List<String> changed) {
        return current.status() == AgentStatus.INACTIVE && changed.contains("prompt")
                && tenant.plan().entitled(PUBLISH_REQUIRES_TEST);
    }

    /**
     * The prompt hash of a draft agent that has a completed simulation run scoring the pass mark on it; null when
     * the agent is not a draft or has no such run. Read before the publish transaction; the publish compares it
     * with the prompt it reads, so a prompt changed in between has no pass.
     */
    private Uni<String> passedPromptOfDraft(Tenant tenant, UUID id) {
        UUID organizationId = tenant.organizationId();
        return agents.find(pool, organizationId, id).chain(agent -> {
            if (agent == null || agent.status() != AgentStatus.DRAFT || !agent.hasUsablePrompt()) {
                return Uni.createFrom().nullItem();
            }
            String promptHash = PromptHash.sha256(agent.prompt());
            return simulationRuns.bestCompletedScore(pool, organizationId, id, promptHash)
                    .map(best -> best != null && best >= SimulationRunRepository.PASSING_SCORE ? promptHash : null);
        });
    }

    /**
     * Takes a slot of the plan as the last statement of a create's transaction, or refuses with 402
     * AGENT_LIMIT_REACHED (rolling the create back). Two creates cannot both take the last slot: the slot row is
     * updated conditionally, and the second waits only for the first one's commit, not for its whole transaction.
     */
    private Uni<Void> takePlanSlot(SqlClient tx, Tenant tenant) {
        UUID organizationId = tenant.organizationId();
        return agents.takePlanSlot(tx, organizationId, tenant.plan().maxAgents()).chain(taken -> taken
                ? Uni.createFrom().voidItem()
                : agents.planSlotsUsed(tx, organizationId)
                        .chain(used -> Uni.createFrom().failure(agentLimitReached(tenant, used))));
    }

    /**
     * What a change does to the agent and the event it emits, none when nothing changes, and what the decision
     * reports to its caller either way.
     */
    private record Change<R>(Agent next, Function<Agent, PlatformEvent> event, R report) {

        static Change<Void> none() {
            return new Change<>(null, null, null);
        }

        static Change<Void> to(Agent next, Function<Agent, PlatformEvent> event) {
            return new Change<>(next, event, null);
        }

        <T> Change<T> reporting(T value) {
            return new Change<>(next, event, value);
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
    private <R> Uni<Edited<R>> change(Tenant tenant, UUID id, Integer expectedVersion,
            Function<Agent, Change<R>> decide) {
        UUID organizationId = tenant.organizationId();
        return pool.withTransaction(tx -> agents.find(tx, organizationId, id).chain(found -> {
            Agent current = requireLive(found);
            if (expectedVersion != null && expectedVersion != current.version()) {
                return Uni.createFrom().failure(ApiException.of(ErrorCode.VERSION_CONFLICT,
                                "The agent is at version " + current.version() + ", not " + expectedVersion)
                        .withDetail("current_version", current.version()));
            }
            Change<R> change = decide.apply(current);
            if (change.isNone()) {
                return Uni.createFrom().item(new Edited<>(current, change.report()));
            }
            Agent next = change.next().nextVersion(now());
            return agents.updateIfVersion(tx, next, current.version()).chain(written -> written
                    ? outbox.append(tx, organizationId, change.event().apply(next))
                            .replaceWith(new Edited<>(next, change.report()))
                    : lostRace(tx, organizationId, id));
        }));
    }

    private <T> Uni<T> lostRace(SqlClient tx, UUID organizationId, UUID id) {
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
        // Settings and credentials by key name only: a credential's value never reaches an event.
        addChangedKeys(changed, before.settings(), after.settings());
        addChangedKeys(changed, before.secrets(), after.secrets());
        return changed;
    }

    private static void addChangedKeys(List<String> changed, ObjectNode before, ObjectNode after) {
        Set<String> keys = new TreeSet<>();
        before.fieldNames().forEachRemaining(keys::add);
        after.fieldNames().forEachRemaining(keys::add);
        for (String key : keys) {
            addIfChanged(changed, key, before.get(key), after.get(key));
        }
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
        return DbTime.now(clock);
    }
}
