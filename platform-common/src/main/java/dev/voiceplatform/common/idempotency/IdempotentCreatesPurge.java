package dev.voiceplatform.common.idempotency;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Deletes the keys of idempotent creates past {@link IdempotentCreates#RETENTION}, every hour. Any replica may run
 * it; the delete is idempotent. Off where the service's database has no idempotent_creates table (the gateway).
 */
@ApplicationScoped
public class IdempotentCreatesPurge {

    private static final Logger LOG = Logger.getLogger(IdempotentCreatesPurge.class);

    private final Pool pool;
    private final IdempotentCreates creates;
    private final boolean enabled;

    public IdempotentCreatesPurge(Pool pool, IdempotentCreates creates,
            @ConfigProperty(name = "platform.idempotent-creates.purge-enabled", defaultValue = "true") boolean enabled) {
        this.pool = pool;
        this.creates = creates;
        this.enabled = enabled;
    }

    @Scheduled(every = "1h", delayed = "1m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        if (!enabled) {
            return Uni.createFrom().voidItem();
        }
        return purge().onFailure().recoverWithItem(failure -> {
            LOG.warnf("Purging the keys of idempotent creates failed; the next run tries again: %s", failure.toString());
            return null;
        }).replaceWithVoid();
    }

    /** Deletes the keys no retry can use any more; returns how many. */
    public Uni<Integer> purge() {
        return creates.purgeExpired(pool);
    }
}
