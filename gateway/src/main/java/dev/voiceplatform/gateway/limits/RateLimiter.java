package dev.voiceplatform.gateway.limits;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.gateway.keys.KeyCredential;
import dev.voiceplatform.gateway.metrics.GatewayMetrics;
import dev.voiceplatform.gateway.organizations.Plan;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * Counts every authenticated public request against its key, with the limits of the tier the organization's plan
 * gives (never a tier a request names). Fails closed: without the counter store nothing is let through.
 */
@ApplicationScoped
public class RateLimiter {

    private static final Logger LOG = Logger.getLogger(RateLimiter.class);

    private final RateLimitStore store;
    private final RateLimitConfig config;
    private final GatewayMetrics metrics;
    private final Clock clock;

    public RateLimiter(RateLimitStore store, RateLimitConfig config, GatewayMetrics metrics, Clock clock) {
        this.store = store;
        this.config = config;
        this.metrics = metrics;
        this.clock = clock;
        for (Plan plan : Plan.values()) {
            // A plan without limits would fail its every request; refuse to start instead.
            limitsOf(plan.rateLimitTier());
        }
    }

    /** The decision for this request; a failure is 503 RATE_LIMIT_UNAVAILABLE. */
    public Uni<RateLimitDecision> consume(KeyCredential credential) {
        String tier = credential.plan().rateLimitTier();
        TierLimits limits = limitsOf(tier);
        Instant now = clock.instant();
        return store.consume(credential.key().id(), RateLimitWindows.at(now), limits.perHour(), limits.perDay())
                .onFailure().transform(RateLimiter::unavailable)
                .map(counts -> {
                    RateLimitDecision decision = new RateLimitDecision(tier, limits, counts, now);
                    if (!decision.allowed()) {
                        metrics.rateLimitRefusal(tier, decision.exhaustedWindow());
                    }
                    return decision;
                });
    }

    private TierLimits limitsOf(String tier) {
        RateLimitConfig.Tier limits = config.tiers().get(tier);
        if (limits == null) {
            throw new IllegalStateException("platform.rate-limits." + tier + " is not set");
        }
        return new TierLimits(limits.perHour(), limits.perDay());
    }

    private static Throwable unavailable(Throwable failure) {
        LOG.errorf("Rate-limit counters cannot be reached: %s", failure.toString());
        return ApiException.of(ErrorCode.RATE_LIMIT_UNAVAILABLE, "Rate limiting is temporarily unavailable");
    }
}
