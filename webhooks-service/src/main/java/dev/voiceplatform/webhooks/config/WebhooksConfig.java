package dev.voiceplatform.webhooks.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;

/** Settings of the webhooks service. */
@ConfigMapping(prefix = "platform.webhooks")
public interface WebhooksConfig {

    /**
     * Waits before each retry of a failed delivery, in order (part 6.1: 30 s, 2 min, 10 min, 30 min, 2 h); after the
     * last one the delivery is abandoned. Its length is the number of retries.
     */
    @WithDefault("30s,2m,10m,30m,2h")
    List<Duration> retrySchedule();

    /** How long one attempt may take, redirects included (part 6.1: 10 seconds). */
    @WithDefault("10s")
    Duration attemptTimeout();

    /** Consecutive failed real deliveries that pause a subscription (part 3.5). */
    @WithDefault("10")
    int pauseAfterFailures();

    /** Subscriptions one organization may hold (part 8 bounds them without a value). */
    @WithDefault("25")
    int maxSubscriptionsPerOrganization();

    /** Replays per subscription per UTC day (part 6.1). */
    @WithDefault("20")
    int replaysPerWebhookPerDay();

    /** Replays per organization per UTC day (part 6.1). */
    @WithDefault("60")
    int replaysPerOrganizationPerDay();

    /** Delivery worker settings. */
    Worker worker();

    interface Worker {

        /** Whether this replica sends deliveries; several replicas may, each claims different rows. */
        @WithDefault("true")
        boolean enabled();

        /** Deliveries claimed at once. */
        @WithDefault("100")
        int batchSize();

        /** Requests in flight at once from this replica. */
        @WithDefault("200")
        int maxInFlight();

        /**
         * How long a claimed delivery stays with the replica that claimed it. Longer than an attempt, so no other
         * replica sends it twice while it is in flight; a replica that dies gives its claims back after this.
         */
        @WithDefault("30s")
        Duration lease();

        /** Longest sleep between looks for due deliveries when no notification arrives. */
        @WithDefault("1s")
        Duration sweepInterval();
    }
}
