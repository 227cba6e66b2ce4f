package dev.voiceplatform.gateway;

import dev.voiceplatform.gateway.idempotency.IdempotencyStore;
import dev.voiceplatform.gateway.limits.RateLimitStore;
import dev.voiceplatform.gateway.limits.RateLimitWindows;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import org.jboss.logging.Logger;

/**
 * Keeps the policy stores small: counters of keys whose day window is over, and idempotency records past their
 * 24 hours. Any replica may run it; the deletes are idempotent.
 */
@ApplicationScoped
public class PolicyStorePurge {

    private static final Logger LOG = Logger.getLogger(PolicyStorePurge.class);

    private final RateLimitStore rateLimits;
    private final IdempotencyStore idempotency;
    private final Clock clock;

    public PolicyStorePurge(RateLimitStore rateLimits, IdempotencyStore idempotency, Clock clock) {
        this.rateLimits = rateLimits;
        this.idempotency = idempotency;
        this.clock = clock;
    }

    @Scheduled(every = "1h", delayed = "1m")
    Uni<Void> scheduled() {
        return purge().onFailure().recoverWithItem(failure -> {
            LOG.warnf("Purging the policy stores failed; the next run tries again: %s", failure.toString());
            return null;
        });
    }

    /** Deletes what no request can use any more. */
    public Uni<Void> purge() {
        Uni<Integer> counters = rateLimits.purgeBefore(RateLimitWindows.at(clock.instant()).dayStart());
        Uni<Integer> records = idempotency.purgeExpired();
        return Uni.combine().all().unis(counters, records).with((a, b) -> null).replaceWithVoid();
    }
}
