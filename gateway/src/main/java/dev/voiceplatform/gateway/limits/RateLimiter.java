package dev.voiceplatform.gateway.limits;

import dev.voiceplatform.common.db.StoreFailureLog;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.gateway.keys.KeyCredential;
import dev.voiceplatform.gateway.metrics.GatewayMetrics;
import dev.voiceplatform.gateway.organizations.Plan;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Counts every authenticated public request against its key, with the limits of the tier the organization's plan
 * gives (never a tier a request names). Fails closed: without the counter store nothing is let through.
 *
 * <p>The counters live in the store every replica shares. So that a busy key does not cost a statement per request,
 * a replica takes a lease: a few requests at once (a hundredth of the smaller window's limit, at most
 * {@code platform.rate-limit-lease.max-requests}; one at a time for small limits), counted in the store when taken
 * and let through from memory until they run out or their hour ends. The store's count therefore never lets more
 * than the limit through across all replicas; requests a replica took and did not use (it stopped, or two of its
 * requests took a lease at once) count as used, so a key may be refused up to a hundredth of its window early.
 */
@ApplicationScoped
public class RateLimiter {

    private static final Logger LOG = Logger.getLogger(RateLimiter.class);
    private static final StoreFailureLog FAILURES = new StoreFailureLog(LOG);
    /** Keys with a lease held in memory at most; past it every lease is dropped (each is worth a hundredth). */
    private static final int MAX_LEASES = 100_000;

    private final RateLimitStore store;
    private final RateLimitConfig config;
    private final GatewayMetrics metrics;
    private final Clock clock;
    private final int maxLease;
    private final Map<UUID, Lease> leases = new ConcurrentHashMap<>();

    public RateLimiter(RateLimitStore store, RateLimitConfig config, GatewayMetrics metrics, Clock clock,
            @ConfigProperty(name = "platform.rate-limit-lease.max-requests", defaultValue = "100") int maxLease) {
        if (maxLease < 1) {
            throw new IllegalStateException("platform.rate-limit-lease.max-requests must be at least 1");
        }
        this.store = store;
        this.config = config;
        this.metrics = metrics;
        this.clock = clock;
        this.maxLease = maxLease;
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
        RateLimitWindows windows = RateLimitWindows.at(now);
        UUID keyId = credential.key().id();
        Lease lease = leases.get(keyId);
        if (lease != null && lease.covers(windows, limits)) {
            int left = lease.take();
            if (left >= 0) {
                return Uni.createFrom().item(new RateLimitDecision(tier, limits, lease.countsLeaving(left), now));
            }
        }
        return store.consume(keyId, windows, limits.perHour(), limits.perDay(), leaseSize(limits))
                .onFailure().transform(RateLimiter::unavailable)
                .map(counts -> {
                    if (counts.granted() > 1) {
                        keep(keyId, new Lease(windows, limits, counts, counts.granted() - 1));
                    }
                    RateLimitDecision decision = new RateLimitDecision(tier, limits, Lease.leaving(counts,
                            Math.max(0, counts.granted() - 1)), now);
                    if (!decision.allowed()) {
                        metrics.rateLimitRefusal(tier, decision.exhaustedWindow());
                    }
                    return decision;
                });
    }

    /** A hundredth of the smaller window, within 1 and the configured most. */
    int leaseSize(TierLimits limits) {
        return Math.max(1, Math.min(maxLease, Math.min(limits.perHour(), limits.perDay()) / 100));
    }

    private void keep(UUID keyId, Lease taken) {
        if (leases.size() >= MAX_LEASES && !leases.containsKey(keyId)) {
            // Keys seen once and never again would otherwise stay.
            leases.clear();
        }
        // Requests left in a lease of the same windows are kept with the new one, not lost.
        leases.merge(keyId, taken, (held, fresh) -> held.covers(fresh.windows, fresh.limits)
                ? fresh.adding(held.drain()) : fresh);
    }

    /** Requests taken from the store for one key and not yet used, with the store's counts when last taken. */
    private static final class Lease {

        final RateLimitWindows windows;
        final TierLimits limits;
        final RateLimitStore.Counts counts;
        final AtomicInteger unused;

        Lease(RateLimitWindows windows, TierLimits limits, RateLimitStore.Counts counts, int unused) {
            this.windows = windows;
            this.limits = limits;
            this.counts = counts;
            this.unused = new AtomicInteger(unused);
        }

        boolean covers(RateLimitWindows now, TierLimits currentLimits) {
            return windows.equals(now) && limits.equals(currentLimits);
        }

        /** Takes one request: the number still unused after it, or -1 when none was left. */
        int take() {
            while (true) {
                int left = unused.get();
                if (left <= 0) {
                    return -1;
                }
                if (unused.compareAndSet(left, left - 1)) {
                    return left - 1;
                }
            }
        }

        int drain() {
            return Math.max(0, unused.getAndSet(0));
        }

        Lease adding(int more) {
            unused.addAndGet(more);
            return this;
        }

        RateLimitStore.Counts countsLeaving(int left) {
            return leaving(counts, left);
        }

        /** The counts as callers see them: requests granted to this replica and not yet used are not spent. */
        static RateLimitStore.Counts leaving(RateLimitStore.Counts counts, int left) {
            return new RateLimitStore.Counts(counts.hourStart(), counts.hourCount() - left, counts.dayStart(),
                    counts.dayCount() - left, counts.granted());
        }
    }

    private TierLimits limitsOf(String tier) {
        RateLimitConfig.Tier limits = config.tiers().get(tier);
        if (limits == null) {
            throw new IllegalStateException("platform.rate-limits." + tier + " is not set");
        }
        return new TierLimits(limits.perHour(), limits.perDay());
    }

    private static Throwable unavailable(Throwable failure) {
        FAILURES.failed("Rate-limit counters cannot be reached", failure);
        return ApiException.of(ErrorCode.RATE_LIMIT_UNAVAILABLE, "Rate limiting is temporarily unavailable");
    }
}
