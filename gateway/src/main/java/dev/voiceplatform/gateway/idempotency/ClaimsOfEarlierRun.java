package dev.voiceplatform.gateway.idempotency;

import dev.voiceplatform.common.db.DbTime;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * At start, before the gateway takes requests, turns the claims this replica held when it last stopped into unknown
 * ({@link IdempotencyStore#abandonClaimsOfEarlierRun}). A replica killed mid-request leaves its claims in flight; without
 * this, retries of those requests would get 409 IDEMPOTENCY_KEY_IN_FLIGHT until the in-flight timeout. Unknown, not
 * free: the service may have carried the request out, so the retry is forwarded and the service answers what it kept.
 */
@ApplicationScoped
class ClaimsOfEarlierRun {

    private static final Logger LOG = Logger.getLogger(ClaimsOfEarlierRun.class);
    /** Start waits this long at most; the claims then wait for the in-flight timeout instead. */
    private static final Duration LIMIT = Duration.ofSeconds(10);

    void onStart(@Observes StartupEvent event, IdempotencyStore idempotency, Clock clock) {
        Instant startedAt = DbTime.now(clock);
        try {
            int abandoned = idempotency.abandonClaimsOfEarlierRun(startedAt).await().atMost(LIMIT);
            if (abandoned > 0) {
                LOG.infof("%d Idempotency-Key claims left in flight by replica %s before it started are now unknown:"
                        + " retries of their requests are forwarded again", abandoned, idempotency.replicaId());
            }
        } catch (RuntimeException e) {
            LOG.warnf("The claims replica %s left in flight could not be marked unknown; they wait for the in-flight"
                    + " timeout: %s", idempotency.replicaId(), e.toString());
        }
    }
}
