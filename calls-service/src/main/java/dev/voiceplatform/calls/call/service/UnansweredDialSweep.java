package dev.voiceplatform.calls.call.service;

import dev.voiceplatform.calls.call.repository.CallRepository;
import dev.voiceplatform.calls.config.CallsConfig;
import dev.voiceplatform.calls.quota.QuotaRepository;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.outbox.OutboxWriter;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * Reconciles dials whose outcome was unknown: a call still initiating {@code platform.calls.unanswered-dial-limit}
 * after it was placed, of which the runtime never said a word, is failed (end_reason {@code no_runtime_report}), its
 * live-call slot given back and call.ended emitted. Its quotas stay spent: the dial may have rung. Any replica may
 * run it; rows another is sweeping are passed over.
 */
@ApplicationScoped
public class UnansweredDialSweep {

    static final int BATCH = 100;
    private static final Logger LOG = Logger.getLogger(UnansweredDialSweep.class);

    private final Pool pool;
    private final CallRepository calls;
    private final QuotaRepository quotas;
    private final OutboxWriter outbox;
    private final CallsConfig config;
    private final Clock clock;

    public UnansweredDialSweep(Pool pool, CallRepository calls, QuotaRepository quotas, OutboxWriter outbox,
            CallsConfig config, Clock clock) {
        this.pool = pool;
        this.calls = calls;
        this.quotas = quotas;
        this.outbox = outbox;
        this.config = config;
        this.clock = clock;
    }

    @Scheduled(every = "{platform.calls.sweep-every}", delayed = "30s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return sweep().onFailure().recoverWithItem(failure -> {
            LOG.warnf("Failing unanswered dials did not work this time; the next run tries again: %s",
                    failure.toString());
            return 0;
        }).replaceWithVoid();
    }

    /** Fails every call due, a batch per transaction; returns how many. */
    public Uni<Integer> sweep() {
        return sweepBatch().chain(count -> count < BATCH ? Uni.createFrom().item(count)
                : sweep().map(more -> count + more));
    }

    private Uni<Integer> sweepBatch() {
        Instant now = DbTime.now(clock);
        return pool.withTransaction(tx -> calls.failUnanswered(tx, now.minus(config.unansweredDialLimit()), now, BATCH)
                .chain(failed -> Multi.createFrom().iterable(failed)
                        .onItem().transformToUniAndConcatenate(changed -> {
                            Uni<Void> released = changed.heldLiveSlot()
                                    ? quotas.releaseLiveSlot(tx, changed.call().organizationId(),
                                            changed.call().direction())
                                    : Uni.createFrom().voidItem();
                            return released.chain(() -> outbox.append(tx, changed.call().organizationId(),
                                    changed.call().ended()));
                        })
                        .collect().last()
                        .replaceWith(failed.size())));
    }
}
