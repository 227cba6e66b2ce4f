package dev.voiceplatform.runtime.call.service;

import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.runtime.call.CallOutcome;
import dev.voiceplatform.runtime.call.EndReasons;
import dev.voiceplatform.runtime.call.repository.CallRepository;
import dev.voiceplatform.runtime.config.RuntimeConfig;
import dev.voiceplatform.common.outbox.OutboxWriter;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * A runtime that stopped mid-call lost those lines (the carrier's state lives in memory). At start every call its
 * database still shows live is ended as failed with end_reason runtime_restarted, its answered time billed up to
 * the restart, each outcome with its event in one transaction. One runtime replica owns the calls of its database.
 */
@ApplicationScoped
public class CallRecovery {

    private static final Logger LOG = Logger.getLogger(CallRecovery.class);

    private final Pool pool;
    private final CallRepository calls;
    private final OutboxWriter outbox;
    private final Clock clock;
    private final BigDecimal costPerSecond;
    /** Calls placed from here on are this run's own, never abandoned ones. */
    private final Instant startedAt;

    public CallRecovery(Pool pool, CallRepository calls, OutboxWriter outbox, Clock clock, RuntimeConfig config) {
        this.pool = pool;
        this.calls = calls;
        this.outbox = outbox;
        this.clock = clock;
        this.costPerSecond = config.costPerSecond();
        this.startedAt = DbTime.now(clock);
    }

    void onStart(@Observes @Priority(1) StartupEvent event) {
        try {
            int ended = endAbandonedCalls().await().atMost(Duration.ofSeconds(30));
            if (ended > 0) {
                LOG.infof("Ended %d calls left live by a previous run (runtime_restarted)", ended);
            }
        } catch (RuntimeException e) {
            LOG.errorf(e, "The calls left live by a previous run could not be ended");
        }
    }

    /** Ends every call still live that this run did not place; answers how many. */
    public Uni<Integer> endAbandonedCalls() {
        Instant now = DbTime.now(clock);
        return pool.withTransaction(tx -> calls.liveForUpdate(tx, startedAt).chain(abandoned -> endAll(tx, abandoned, now)));
    }

    private Uni<Integer> endAll(SqlClient tx, List<CallRepository.Abandoned> abandoned,
            Instant now) {
        Uni<Integer> chain = Uni.createFrom().item(0);
        for (CallRepository.Abandoned call : abandoned) {
            int seconds = CallOutcome.billedSeconds(call.answeredAt(), now);
            CallOutcome outcome = new CallOutcome(CallOutcome.FAILED, EndReasons.RUNTIME_RESTARTED, call.answeredAt(),
                    now, seconds, CallOutcome.cost(seconds, costPerSecond),
                    "The call was cut off when the voice runtime restarted.", List.of(), false);
            chain = chain.chain(count -> calls.end(tx, call.id(), outcome).chain(ended -> ended
                    ? outbox.append(tx, call.organizationId(),
                            OutcomeWriter.endedEvent(call.id(), call.agentId(), outcome)).replaceWith(count + 1)
                    : Uni.createFrom().item(count)));
        }
        return chain;
    }
}
