package dev.voiceplatform.leads.lead.service;

import dev.voiceplatform.common.agents.AgentDirectory;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.PageRequest;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.events.LeadCreated;
import dev.voiceplatform.common.events.LeadUpdated;
import dev.voiceplatform.common.idempotency.IdempotentCreates;
import dev.voiceplatform.common.outbox.OutboxWriter;
import dev.voiceplatform.common.tenancy.Tenant;
import dev.voiceplatform.leads.lead.Lead;
import dev.voiceplatform.leads.lead.LeadStatus;
import dev.voiceplatform.leads.lead.repository.LeadRepository;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * Leads of part 4.4. Each write and its event go to the outbox in one transaction; lead.updated is emitted when,
 * and only when, the status changes.
 */
@ApplicationScoped
public class LeadService {

    /** What the leads' Idempotency-Keys name in the idempotent_creates table. */
    static final String RESOURCE_TYPE = "lead";

    private final Pool pool;
    private final LeadRepository leads;
    private final OutboxWriter outbox;
    private final AgentDirectory agents;
    private final IdempotentCreates creates;
    private final Clock clock;

    public LeadService(Pool pool, LeadRepository leads, OutboxWriter outbox, AgentDirectory agents,
            IdempotentCreates creates, Clock clock) {
        this.pool = pool;
        this.creates = creates;
        this.leads = leads;
        this.outbox = outbox;
        this.agents = agents;
        this.clock = clock;
    }

    /**
     * A lead created through the API: the agent must be a live agent of the caller's organization. With an
     * {@code idempotencyKey} (null when there is none) already recorded, the lead created under it is answered and
     * nothing is made.
     */
    public Uni<Lead> create(LeadInput.NewLead input, String idempotencyKey) {
        return agents.exists(input.agentId()).chain(exists -> {
            if (!exists) {
                return Uni.createFrom().failure(ApiException.validation("agent_id",
                        "is not an agent of your organization"));
            }
            Lead lead = newLead(input);
            return pool.withTransaction(tx -> creates.claim(tx, lead.organizationId(), idempotencyKey, RESOURCE_TYPE,
                    lead.id()).chain(claim -> claim.isNew()
                            ? insert(tx, lead).map(Created::lead)
                            : leads.find(tx, lead.organizationId(), claim.resourceId()).map(LeadService::requireFound)));
        });
    }

    /** A lead the call runtime captured: one per call, however often the runtime reports it. */
    public Uni<Created> capture(LeadInput.NewLead input) {
        Lead lead = newLead(input);
        return pool.withTransaction(tx -> insert(tx, lead));
    }

    /** The lead, and whether this request made it (false when the call's lead already existed). */
    public record Created(Lead lead, boolean isNew) {
    }

    public Uni<Lead> get(Tenant tenant, UUID id) {
        return leads.find(pool, tenant.organizationId(), id).map(LeadService::requireFound);
    }

    public Uni<LeadRepository.Page> list(Tenant tenant, LeadRepository.Filter filter, PageRequest page) {
        return leads.page(pool, tenant.organizationId(), filter, page.limit(), page.offset());
    }

    public Uni<Lead> update(Tenant tenant, UUID id, LeadInput.Changes changes) {
        return pool.withTransaction(tx -> leads.findForUpdate(tx, tenant.organizationId(), id).chain(found -> {
            Lead current = requireFound(found);
            LeadStatus status = changes.status() != null ? changes.status() : current.status();
            if (!current.status().canMoveTo(status)) {
                return Uni.createFrom().failure(ApiException.of(ErrorCode.CONFLICT,
                                "A " + current.status().wireName() + " lead cannot become " + status.wireName())
                        .withHint("Allowed next statuses are listed in details.allowed.")
                        .withDetail("from", current.status().wireName())
                        .withDetail("to", status.wireName())
                        .withDetail("allowed", current.status().next().stream().map(LeadStatus::wireName).toList()));
            }
            Lead next = current.withChanges(
                    changes.name() != null ? changes.name() : current.name(),
                    changes.clearEmail() ? null : changes.email() != null ? changes.email() : current.email(),
                    status,
                    changes.clearNotes() ? null : changes.notes() != null ? changes.notes() : current.notes(),
                    changes.metadata() != null ? changes.metadata() : current.metadata(),
                    DbTime.now(clock));
            if (sameContent(current, next)) {
                return Uni.createFrom().item(current);
            }
            Uni<Void> saved = leads.update(tx, next);
            if (status != current.status()) {
                saved = saved.chain(() -> outbox.append(tx, tenant.organizationId(),
                        new LeadUpdated(next.snapshot(), current.status().wireName())));
            }
            return saved.replaceWith(next);
        }));
    }

    private Lead newLead(LeadInput.NewLead input) {
        Instant now = DbTime.now(clock);
        return new Lead(Ids.newId(), input.organizationId(), input.agentId(), input.callId(), input.name(),
                input.phone(), input.email(), LeadStatus.NEW, input.source(), input.notes(), input.metadata(), now, now);
    }

    private Uni<Created> insert(SqlClient tx, Lead lead) {
        return leads.insert(tx, lead).chain(inserted -> inserted
                ? outbox.append(tx, lead.organizationId(), new LeadCreated(lead.snapshot()))
                        .replaceWith(new Created(lead, true))
                : leads.findByCall(tx, lead.organizationId(), lead.callId()).map(existing -> new Created(existing, false)));
    }

    private static boolean sameContent(Lead a, Lead b) {
        return Objects.equals(a.name(), b.name()) && Objects.equals(a.email(), b.email()) && a.status() == b.status()
                && Objects.equals(a.notes(), b.notes()) && Objects.equals(a.metadata(), b.metadata());
    }

    private static Lead requireFound(Lead lead) {
        if (lead == null) {
            throw ApiException.notFound("Lead");
        }
        return lead;
    }

}
