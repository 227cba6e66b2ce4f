package dev.voiceplatform.numbers.number.service;

import dev.voiceplatform.common.agents.AgentDirectory;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.events.NumberBound;
import dev.voiceplatform.common.events.NumberUnbound;
import dev.voiceplatform.common.outbox.OutboxWriter;
import dev.voiceplatform.common.tenancy.Tenant;
import dev.voiceplatform.numbers.number.PhoneNumber;
import dev.voiceplatform.numbers.number.repository.PhoneNumberRepository;
import dev.voiceplatform.numbers.routing.MediaLayer;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Which agent a number routes to. Binding, unbinding and retiring an agent take the same per-agent lock, so a bind
 * and the retirement that precedes an agent's deletion are ordered: either the bind commits first and the retirement
 * is refused (AGENT_HAS_PHONE_NUMBER), or the retirement commits first and the bind finds no agent.
 */
@ApplicationScoped
public class BindingService {

    private static final Logger LOG = Logger.getLogger(BindingService.class);

    private final Pool pool;
    private final PhoneNumberRepository numbers;
    private final AgentDirectory agents;
    private final MediaLayer mediaLayer;
    private final OutboxWriter outbox;
    private final Clock clock;

    public BindingService(Pool pool, PhoneNumberRepository numbers, AgentDirectory agents, MediaLayer mediaLayer,
            OutboxWriter outbox, Clock clock) {
        this.pool = pool;
        this.numbers = numbers;
        this.agents = agents;
        this.mediaLayer = mediaLayer;
        this.outbox = outbox;
        this.clock = clock;
    }

    /** A number bound to an agent, and whether the media layer routes its calls there yet. */
    public record Binding(UUID agentId, String phoneNumber, boolean routingLive) {
    }

    /** Binds one of the organization's numbers to one of its agents; binding it to the same agent again is a no-op. */
    /**
     * The number and the agent a call to {@code phoneNumber} reaches, across organizations (the carrier knows only
     * the number); 404 when the number routes to no agent.
     */
    public Uni<PhoneNumber> route(String phoneNumber) {
        return numbers.findRouted(pool, phoneNumber).map(found -> {
            if (found == null) {
                throw ApiException.notFound("Route");
            }
            return found;
        });
    }

    public Uni<Binding> bind(Tenant tenant, UUID agentId, UUID phoneNumberId) {
        UUID organizationId = tenant.organizationId();
        return agents.find(agentId).chain(agent -> {
            if (agent == null) {
                return Uni.createFrom().failure(ApiException.notFound("Agent"));
            }
            if (agent.isTester()) {
                return Uni.createFrom().failure(ApiException.of(ErrorCode.CONFLICT,
                                "A tester agent never answers real calls, so it cannot have a phone number")
                        .withHint("Bind the number to the agent under test."));
            }
            return pool.withTransaction(tx -> numbers.lockAgent(tx, agentId)
                    .chain(() -> numbers.isRetired(tx, organizationId, agentId))
                    .chain(retired -> retired
                            ? Uni.createFrom().<PhoneNumber>failure(ApiException.notFound("Agent"))
                            : numbers.findHeldForUpdate(tx, organizationId, phoneNumberId))
                    .chain(number -> {
                        if (number == null) {
                            return Uni.createFrom().failure(ApiException.notFound("Phone number"));
                        }
                        if (agentId.equals(number.inboundAgentId())) {
                            return Uni.createFrom().item(number);
                        }
                        if (number.bound()) {
                            return Uni.createFrom().failure(ApiException.of(ErrorCode.PHONE_NUMBER_ALREADY_BOUND,
                                            number.phoneNumber() + " routes to another agent")
                                    .withDetail("inbound_agent_id", number.inboundAgentId()));
                        }
                        PhoneNumber bound = number.boundTo(agentId, DbTime.now(clock));
                        return numbers.bind(tx, bound)
                                .chain(() -> outbox.append(tx, organizationId, new NumberBound(bound.id(),
                                        bound.phoneNumber(), agentId, bound.boundAt())))
                                .replaceWith(bound);
                    }));
        }).chain(bound -> routeLive(bound.phoneNumber(), agentId)
                .map(live -> new Binding(agentId, bound.phoneNumber(), live)));
    }

    /** Unbinds every number routing to the agent and returns them; 404 when none does. */
    public Uni<List<PhoneNumber>> unbind(Tenant tenant, UUID agentId) {
        UUID organizationId = tenant.organizationId();
        return pool.withTransaction(tx -> numbers.lockAgent(tx, agentId)
                .chain(() -> numbers.unbindAll(tx, organizationId, agentId))
                .chain(unbound -> {
                    if (unbound.isEmpty()) {
                        return Uni.createFrom().<List<PhoneNumber>>failure(ApiException.of(ErrorCode.NOT_FOUND,
                                "No phone number is bound to this agent"));
                    }
                    Instant now = DbTime.now(clock);
                    Uni<Void> events = Uni.createFrom().voidItem();
                    for (PhoneNumber number : unbound) {
                        events = events.chain(() -> outbox.append(tx, organizationId,
                                new NumberUnbound(number.id(), number.phoneNumber(), agentId, now)));
                    }
                    return events.replaceWith(unbound);
                }))
                .call(unbound -> dropRoutes(unbound));
    }

    /**
     * Retires the agent before the agents service deletes it: refused while a number routes to it, and afterwards
     * no bind can reach it. Idempotent, so a deletion that failed after this step can simply be retried.
     */
    public Uni<Void> retire(Tenant tenant, UUID agentId) {
        UUID organizationId = tenant.organizationId();
        return pool.withTransaction(tx -> numbers.lockAgent(tx, agentId)
                .chain(() -> numbers.boundTo(tx, organizationId, agentId))
                .chain(bound -> bound.isEmpty()
                        ? numbers.retire(tx, organizationId, agentId, DbTime.now(clock))
                        : Uni.createFrom().failure(ApiException.of(ErrorCode.AGENT_HAS_PHONE_NUMBER,
                                        "A phone number still routes to this agent")
                                .withDetail("phone_numbers", bound.stream().map(PhoneNumber::phoneNumber).toList()))));
    }

    /** Whether the media layer took the route; a media layer that fails leaves the binding in place, not live. */
    private Uni<Boolean> routeLive(String phoneNumber, UUID agentId) {
        return mediaLayer.takeRoute(phoneNumber, agentId).onFailure().recoverWithItem(failure -> {
            LOG.warnf("The media layer did not take the route of %s: %s", phoneNumber, failure.toString());
            return false;
        });
    }

    /** Best effort: the binding is gone whatever the media layer says, and calls to an unbound number find no agent. */
    private Uni<Void> dropRoutes(List<PhoneNumber> unbound) {
        Uni<Void> dropped = Uni.createFrom().voidItem();
        for (PhoneNumber number : unbound) {
            dropped = dropped.chain(() -> mediaLayer.dropRoute(number.phoneNumber()).onFailure().recoverWithUni(
                    failure -> {
                        LOG.warnf("The media layer did not drop the route of %s: %s", number.phoneNumber(),
                                failure.toString());
                        return Uni.createFrom().voidItem();
                    }));
        }
        return dropped;
    }

}
