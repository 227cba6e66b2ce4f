package dev.voiceplatform.calls.call.service;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.voiceplatform.calls.call.Call;
import dev.voiceplatform.calls.call.CallStatus;
import dev.voiceplatform.calls.call.Direction;
import dev.voiceplatform.calls.call.repository.CallRepository;
import dev.voiceplatform.calls.quota.CallLimits;
import dev.voiceplatform.calls.quota.QuotaRepository;
import dev.voiceplatform.common.agents.AgentDirectory;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.outbox.OutboxWriter;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;

/**
 * Opens the record of a call coming in to an organization's number (contract 4), within the organization's inbound
 * ceiling: the live inbound calls its tier allows. A call past the ceiling is refused, not queued; its record is kept
 * as failed (end_reason {@code inbound_limit}) with call.ended, so the organization sees what it missed.
 */
@ApplicationScoped
public class InboundCalls {

    static final String INBOUND_LIMIT = "inbound_limit";

    private final Pool pool;
    private final CallRepository calls;
    private final QuotaRepository quotas;
    private final OutboxWriter outbox;
    private final AgentDirectory agents;
    private final CallLimits limits;
    private final Clock clock;

    public InboundCalls(Pool pool, CallRepository calls, QuotaRepository quotas, OutboxWriter outbox,
            AgentDirectory agents, CallLimits limits, Clock clock) {
        this.pool = pool;
        this.calls = calls;
        this.quotas = quotas;
        this.outbox = outbox;
        this.agents = agents;
        this.limits = limits;
        this.clock = clock;
    }

    /** An inbound call: the person calling ({@code from}) and the organization's number they called ({@code to}). */
    public record Incoming(UUID organizationId, UUID agentId, String from, String to) {
    }

    /** The record opened, and whether the call may go on (false: refused at the ceiling). */
    public record Opened(Call call, boolean accepted, CallLimits.Tier tier) {
    }

    public Uni<Opened> open(Incoming incoming) {
        return agents.find(incoming.agentId()).chain(agent -> {
            if (agent == null) {
                throw ApiException.of(ErrorCode.AGENT_NOT_FOUND, "agent_id is not an agent of the organization");
            }
            return quotas.tierOf(pool, incoming.organizationId()).chain(tierName -> {
                CallLimits.Tier tier = limits.of(tierName);
                Instant now = DbTime.now(clock);
                return pool.withTransaction(tx -> quotas.takeLiveSlot(tx, incoming.organizationId(), Direction.INBOUND,
                        tier.inboundConcurrentCalls()).chain(taken -> {
                            Call call = taken
                                    ? new Call(Ids.newId(), incoming.organizationId(), agent.id(), agent.name(), null,
                                            Direction.INBOUND, CallStatus.INITIATING, null, incoming.from(),
                                            incoming.to(), null, null, null, null, null, null, false,
                                            JsonNodeFactory.instance.objectNode(), true, now, now)
                                    : new Call(Ids.newId(), incoming.organizationId(), agent.id(), agent.name(), null,
                                            Direction.INBOUND, CallStatus.FAILED, INBOUND_LIMIT, incoming.from(),
                                            incoming.to(), null, now, 0, BigDecimal.ZERO, null, null, false,
                                            JsonNodeFactory.instance.objectNode(), false, now, now);
                            Uni<Void> saved = calls.insert(tx, call);
                            if (!taken) {
                                saved = saved.chain(() -> outbox.append(tx, call.organizationId(), call.ended()));
                            }
                            return saved.replaceWith(new Opened(call, taken, tier));
                        }));
            });
        });
    }
}
