package dev.voiceplatform.calls.call.service;

import dev.voiceplatform.calls.call.Call;
import dev.voiceplatform.calls.call.CallStatus;
import dev.voiceplatform.calls.call.Direction;
import dev.voiceplatform.calls.call.repository.CallRepository;
import dev.voiceplatform.calls.config.CallsConfig;
import dev.voiceplatform.calls.donotcall.repository.DoNotCallRepository;
import dev.voiceplatform.calls.quota.CallLimits;
import dev.voiceplatform.calls.quota.QuotaRepository;
import dev.voiceplatform.calls.quota.QuotaRepository.Period;
import dev.voiceplatform.calls.runtime.VoiceRuntime;
import dev.voiceplatform.common.agents.AgentDirectory;
import dev.voiceplatform.common.agents.AgentFacts;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.PageRequest;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.db.StoreFailures;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.idempotency.IdempotentCreates;
import dev.voiceplatform.common.outbox.OutboxWriter;
import dev.voiceplatform.common.tenancy.OrganizationBulkhead;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Calls of part 4.3: placing one (checks, then one transaction that reserves everything, then the dial after commit),
 * listing and reading them, and hanging up.
 */
@ApplicationScoped
public class CallService {

    /** What the calls' Idempotency-Keys name in the idempotent_creates table. */
    static final String RESOURCE_TYPE = "call";
    private static final Logger LOG = Logger.getLogger(CallService.class);

    private final Pool pool;
    private final CallRepository calls;
    private final QuotaRepository quotas;
    private final DoNotCallRepository doNotCall;
    private final OutboxWriter outbox;
    private final AgentDirectory agents;
    private final IdempotentCreates creates;
    private final VoiceRuntime runtime;
    private final CallLimits limits;
    private final CallsConfig config;
    private final Clock clock;
    private final OrganizationBulkhead createBulkhead;

    public CallService(Pool pool, CallRepository calls, QuotaRepository quotas, DoNotCallRepository doNotCall,
            OutboxWriter outbox, AgentDirectory agents, IdempotentCreates creates, VoiceRuntime runtime,
            CallLimits limits, CallsConfig config, Clock clock) {
        this.pool = pool;
        this.calls = calls;
        this.quotas = quotas;
        this.doNotCall = doNotCall;
        this.outbox = outbox;
        this.agents = agents;
        this.creates = creates;
        this.runtime = runtime;
        this.limits = limits;
        this.config = config;
        this.clock = clock;
        this.createBulkhead = new OrganizationBulkhead(config.createsInFlightPerOrganization());
    }

    /** A placed call, and whether this request placed it (false: an earlier one under the same Idempotency-Key did). */
    public record Placed(Call call, boolean isNew) {
    }

    /** What a hangup did: the call as it now is, and whether the line is known to be closed. */
    public record HungUp(Call call, boolean teardownOk) {
    }

    /**
     * Places an outbound call (part 4.3, rules 1 to 6). Nothing is dialled until every check passed and the record,
     * the guard and every quota it takes are committed; a dial the runtime refuses gives all of them back.
     */
    public Uni<Placed> place(Tenant tenant, NewCall input, String idempotencyKey) {
        if (!tenant.plan().accountActive()) {
            return Uni.createFrom().failure(ApiException.of(ErrorCode.TRIAL_EXPIRED,
                    "The account is " + tenant.plan().accountStatus() + " and cannot place calls"));
        }
        if (!tenant.plan().canPlaceCalls()) {
            return Uni.createFrom().failure(ApiException.of(ErrorCode.FORBIDDEN,
                    "The organization's plan does not allow placing calls"));
        }
        return agents.find(input.agentId())
                .onFailure(ApiException.class).transform(CallService::checkUnavailable)
                .chain(agent -> {
                    if (agent == null) {
                        throw NewCall.agentNotFound();
                    }
                    if (!agent.published()) {
                        throw ApiException.of(ErrorCode.AGENT_NOT_PUBLISHED, "The agent is " + agent.status()
                                + "; only a published agent places calls");
                    }
                    return doNotCall.listed(pool, tenant.organizationId(), input.to())
                            .onFailure(StoreFailures::unreachable).transform(CallService::quotaUnavailable)
                            .chain(blocked -> {
                                if (blocked) {
                                    throw ApiException.of(ErrorCode.NUMBER_BLOCKED,
                                            "The number is on your organization's do-not-call list");
                                }
                                if (!runtime.configured()) {
                                    throw ApiException.of(ErrorCode.DIALER_UNAVAILABLE,
                                            "Outbound calling is not configured; nothing was dialled");
                                }
                                return reserve(tenant, input, agent, idempotencyKey);
                            });
                })
                .chain(reservation -> reservation.isNew() ? dial(reservation, idempotencyKey)
                        : Uni.createFrom().item(new Placed(reservation.call(), false)));
    }

    /** What the create's transaction took, so that a refused dial can give each of them back. */
    private record Reservation(Call call, boolean isNew, LocalDate day) {
    }

    private Uni<Reservation> reserve(Tenant tenant, NewCall input, AgentFacts agent, String idempotencyKey) {
        UUID organizationId = tenant.organizationId();
        Instant now = DbTime.now(clock);
        LocalDate day = LocalDate.ofInstant(now, ZoneOffset.UTC);
        CallLimits.Tier tier = limits.of(tenant.plan().tier());
        Call call = new Call(Ids.newId(), organizationId, agent.id(), agent.name(), tenant.keyId(), Direction.OUTBOUND,
                CallStatus.INITIATING, null, input.to(), agent.phoneNumber(), null, null, null, null, null, null, false,
                input.metadata(), true, now, now);
        return createBulkhead.run(organizationId, () -> pool.withTransaction(tx ->
                creates.claim(tx, organizationId, idempotencyKey, RESOURCE_TYPE, call.id()).chain(claim -> claim.isNew()
                        ? reserveNew(tx, tenant, call, tier, now, day).replaceWith(new Reservation(call, true, day))
                        : calls.find(tx, organizationId, claim.resourceId())
                                .map(earlier -> new Reservation(requireFound(earlier), false, day)))))
                .onFailure(StoreFailures::unreachable).transform(CallService::quotaUnavailable);
    }

    private Uni<Void> reserveNew(SqlClient tx, Tenant tenant, Call call, CallLimits.Tier tier, Instant now,
            LocalDate day) {
        UUID organizationId = call.organizationId();
        LocalDate month = day.withDayOfMonth(1);
        return quotas.claimGuard(tx, organizationId, call.agentId(), call.caller(), call.id(), now,
                        now.plus(config.duplicateGuard()))
                .invoke(existing -> {
                    if (existing != null) {
                        throw ApiException.of(ErrorCode.DUPLICATE_CALL, "This agent called this number less than "
                                + config.duplicateGuard().toSeconds() + " seconds ago; nothing was dialled")
                                .withDetail("existing_call_id", existing.toString());
                    }
                })
                .chain(() -> quotas.takeKeySlot(tx, organizationId, tenant.keyId(), day, config.keyDailyLimit()))
                .invoke(taken -> {
                    if (!taken) {
                        throw limits.keyDailyLimitReached(now);
                    }
                })
                .chain(() -> quotas.takeBudget(tx, organizationId, Period.DAY, day, tier.callsPerDay()))
                .invoke(taken -> {
                    if (!taken) {
                        throw limits.organizationLimitReached(CallLimits.ORGANIZATION_DAILY_CALLS, tier, now);
                    }
                })
                .chain(() -> quotas.takeBudget(tx, organizationId, Period.MONTH, month, tier.callsPerMonth()))
                .invoke(taken -> {
                    if (!taken) {
                        throw limits.organizationLimitReached(CallLimits.ORGANIZATION_MONTHLY_CALLS, tier, now);
                    }
                })
                .chain(() -> quotas.takeLiveSlot(tx, organizationId, Direction.OUTBOUND, tier.concurrentCalls()))
                .invoke(taken -> {
                    if (!taken) {
                        throw limits.organizationLimitReached(CallLimits.CONCURRENT_CALLS, tier, now);
                    }
                })
                .chain(() -> quotas.rememberTier(tx, organizationId, tier.name(), now))
                .chain(() -> calls.insert(tx, call)
                        .onFailure(failure -> !StoreFailures.unreachable(failure))
                        .transform(failure -> {
                            LOG.errorf(failure, "The record of call %s could not be created", call.id());
                            return ApiException.of(ErrorCode.CALL_FAILED,
                                    "The call record could not be created; nothing was dialled");
                        }));
    }

    /** After commit: the dial. A refusal is undone in a transaction of its own; an unknown outcome keeps the call. */
    private Uni<Placed> dial(Reservation reservation, String idempotencyKey) {
        Call call = reservation.call();
        return runtime.dial(new VoiceRuntime.Dial(call.id(), call.organizationId(), call.agentId(), call.caller(),
                        call.callee(), call.metadata()))
                .chain(outcome -> outcome != VoiceRuntime.DialOutcome.REFUSED
                        ? Uni.createFrom().item(new Placed(call, true))
                        : giveBack(reservation, idempotencyKey)
                                .onFailure().recoverWithUni(failure -> {
                                    // The sweep fails the record later; the caller still learns nothing rang.
                                    LOG.errorf(failure, "Call %s was refused by the runtime but could not be marked failed",
                                            call.id());
                                    return Uni.createFrom().voidItem();
                                })
                                .chain(() -> Uni.createFrom().failure(ApiException.of(ErrorCode.CALL_DISPATCH_FAILED,
                                                "The telephony layer refused the call; nothing rang")
                                        .withDetail("call_id", call.id().toString()))));
    }

    /**
     * Marks the refused call failed and gives back everything its create took: the key's slot, both budgets, the
     * live-call slot and the duplicate guard; its Idempotency-Key is freed too, so a retry places the call anew.
     */
    private Uni<Void> giveBack(Reservation reservation, String idempotencyKey) {
        Call call = reservation.call();
        UUID organizationId = call.organizationId();
        Instant now = DbTime.now(clock);
        return pool.withTransaction(tx -> calls.failDial(tx, call.id(), now).chain(changed -> {
            if (changed == null) {
                // The runtime reported the call meanwhile; what it said stands.
                return Uni.createFrom().voidItem();
            }
            Uni<Void> steps = quotas.releaseKeySlot(tx, organizationId, call.keyId(), reservation.day())
                    .chain(() -> quotas.releaseBudget(tx, organizationId, Period.DAY, reservation.day()))
                    .chain(() -> quotas.releaseBudget(tx, organizationId, Period.MONTH,
                            reservation.day().withDayOfMonth(1)))
                    .chain(() -> quotas.releaseGuard(tx, organizationId, call.agentId(), call.caller(), call.id(), now));
            if (changed.heldLiveSlot()) {
                steps = steps.chain(() -> quotas.releaseLiveSlot(tx, organizationId, Direction.OUTBOUND));
            }
            if (idempotencyKey != null) {
                steps = steps.chain(() -> tx.preparedQuery("DELETE FROM idempotent_creates WHERE org_id = $1 "
                                + "AND key = $2").execute(Tuple.of(organizationId, idempotencyKey)).replaceWithVoid());
            }
            return steps;
        }));
    }

    public Uni<Call> get(Tenant tenant, UUID id) {
        return calls.find(pool, tenant.organizationId(), id).map(CallService::requireFound);
    }

    public Uni<CallRepository.Page> list(Tenant tenant, CallRepository.Filter filter, PageRequest page) {
        return calls.page(pool, tenant.organizationId(), filter, page.limit(), page.offset());
    }

    /**
     * Hangs up a live call: the runtime closes the line, then the record is completed at once with call.ended. A
     * teardown whose outcome is unknown completes the record too, answered with teardown_ok false.
     */
    public Uni<HungUp> hangup(Tenant tenant, UUID id) {
        UUID organizationId = tenant.organizationId();
        return calls.find(pool, organizationId, id).map(CallService::requireFound).chain(call -> {
            if (call.status().ended()) {
                throw ApiException.of(ErrorCode.CONFLICT, "The call has already ended (" + call.status().wireName() + ")")
                        .withHint("Only an initiating or in-progress call can be hung up.")
                        .withDetail("status", call.status().wireName());
            }
            if (!runtime.configured()) {
                throw ApiException.of(ErrorCode.TEARDOWN_UNAVAILABLE, "The media layer is not configured");
            }
            return runtime.teardown(organizationId, id).chain(outcome -> switch (outcome) {
                case REFUSED -> Uni.createFrom().failure(ApiException.of(ErrorCode.TEARDOWN_FAILED,
                        "The media layer refused to hang up; the call may still be connected"));
                case CLOSED, NO_SUCH_CALL -> complete(organizationId, id, true);
                case UNKNOWN -> complete(organizationId, id, false);
            });
        });
    }

    private Uni<HungUp> complete(UUID organizationId, UUID id, boolean teardownOk) {
        Instant now = DbTime.now(clock);
        return pool.withTransaction(tx -> calls.endByHangup(tx, organizationId, id, now).chain(changed -> {
            if (changed == null) {
                // The runtime's report of the ended line came first and stands.
                return calls.find(tx, organizationId, id).map(call -> new HungUp(requireFound(call), teardownOk));
            }
            Uni<Void> released = changed.heldLiveSlot()
                    ? quotas.releaseLiveSlot(tx, organizationId, changed.call().direction())
                    : Uni.createFrom().voidItem();
            return released.chain(() -> outbox.append(tx, organizationId, changed.call().ended()))
                    .replaceWith(new HungUp(changed.call(), teardownOk));
        }));
    }

    static Call requireFound(Call call) {
        if (call == null) {
            throw ApiException.notFound("Call");
        }
        return call;
    }

    private static Throwable checkUnavailable(Throwable failure) {
        ApiException api = (ApiException) failure;
        return api.code() == ErrorCode.SERVICE_UNAVAILABLE
                ? ApiException.of(ErrorCode.CALL_CHECK_UNAVAILABLE,
                        "The agent could not be checked right now; nothing was dialled")
                : api;
    }

    private static Throwable quotaUnavailable(Throwable failure) {
        LOG.warnf("The call quota store could not answer: %s", failure.toString());
        return ApiException.of(ErrorCode.QUOTA_UNAVAILABLE, "Call quotas cannot be checked right now; nothing was dialled");
    }
}
