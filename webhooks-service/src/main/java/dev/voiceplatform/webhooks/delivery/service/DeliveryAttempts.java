package dev.voiceplatform.webhooks.delivery.service;

import dev.voiceplatform.webhooks.config.WebhooksConfig;
import dev.voiceplatform.webhooks.delivery.FailureClass;
import dev.voiceplatform.webhooks.delivery.Outcome;
import dev.voiceplatform.webhooks.delivery.repository.DeliveryRepository;
import dev.voiceplatform.webhooks.subscription.Subscription;
import dev.voiceplatform.webhooks.subscription.repository.SubscriptionRepository;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * One attempt of a queued delivery: send it, store the attempt, schedule the retry (part 6.1 rules 2 and 3) or close
 * it, and keep the subscription's failure count, pausing it after the configured number of consecutive failed real
 * deliveries (part 3.5). A delivery counts as failed once, at its first failed attempt; any success starts the count
 * again.
 */
@ApplicationScoped
public class DeliveryAttempts {

    private static final Logger LOG = Logger.getLogger(DeliveryAttempts.class);

    private final Pool pool;
    private final DeliveryRepository deliveries;
    private final SubscriptionRepository subscriptions;
    private final WebhookSender sender;
    private final WebhooksConfig config;
    private final Clock clock;

    public DeliveryAttempts(Pool pool, DeliveryRepository deliveries, SubscriptionRepository subscriptions,
            WebhookSender sender, WebhooksConfig config, Clock clock) {
        this.pool = pool;
        this.deliveries = deliveries;
        this.subscriptions = subscriptions;
        this.sender = sender;
        this.config = config;
        this.clock = clock;
    }

    /** When the next attempt is due after {@code attempt} failed, or null when the delivery is abandoned. */
    public static Instant nextAttempt(List<Duration> schedule, int attempt, Outcome outcome, Instant now) {
        if (outcome.success() || !outcome.retryable() || attempt > schedule.size()) {
            return null;
        }
        return now.plus(schedule.get(attempt - 1));
    }

    public Uni<Void> attempt(DeliveryRepository.Claimed claimed) {
        return subscriptions.findForDelivery(pool, claimed.subscriptionId(), false).chain(subscription -> {
            if (subscription == null) {
                return Uni.createFrom().voidItem();
            }
            String body;
            try {
                body = sender.body(subscription, claimed.message());
            } catch (RuntimeException e) {
                return record(claimed, new Outcome(false, null, 0, Outcome.cap("the payload template could not be "
                        + "rendered: " + e.getMessage()), FailureClass.CONFIG), null);
            }
            String templatedBody = WebhookSender.templated(subscription, claimed.message()) ? body : null;
            if (!subscription.receives()) {
                return record(claimed, new Outcome(false, null, 0, "not sent: the subscription is paused or inactive",
                        FailureClass.CONFIG), templatedBody);
            }
            return sender.send(subscription, claimed.message(), body)
                    .chain(outcome -> record(claimed, outcome, templatedBody));
        }).onFailure().invoke(failure -> LOG.warnf("Delivery %s could not be recorded; it is tried again once its "
                + "claim runs out: %s", claimed.id(), failure.toString()));
    }

    private Uni<Void> record(DeliveryRepository.Claimed claimed, Outcome outcome, String templatedBody) {
        Instant now = clock.instant();
        int attempt = claimed.attemptsBefore() + 1;
        return pool.withTransaction(tx -> subscriptions.findForDelivery(tx, claimed.subscriptionId(), true)
                .chain(subscription -> {
                    if (subscription == null) {
                        return Uni.createFrom().voidItem();
                    }
                    Instant next = subscription.receives()
                            ? nextAttempt(config.retrySchedule(), attempt, outcome, now) : null;
                    Uni<Void> stored = deliveries.recordAttempt(tx, claimed.id(), attempt, outcome, next, templatedBody,
                            now);
                    if (claimed.test()) {
                        return stored;
                    }
                    return stored.chain(() -> countTowardPause(tx, subscription, claimed, outcome, now));
                }));
    }

    private Uni<Void> countTowardPause(io.vertx.mutiny.sqlclient.SqlClient tx, Subscription subscription,
            DeliveryRepository.Claimed claimed, Outcome outcome, Instant now) {
        if (outcome.success()) {
            return subscriptions.recordDelivery(tx, subscription.id(), 0, subscription.paused(), now, "success");
        }
        boolean firstFailure = claimed.attemptsBefore() == 0;
        int failures = subscription.consecutiveFailures() + (firstFailure ? 1 : 0);
        boolean pause = !subscription.paused() && failures >= config.pauseAfterFailures();
        Uni<Void> stored = subscriptions.recordDelivery(tx, subscription.id(), failures,
                subscription.paused() || pause, now, "failed");
        if (pause) {
            LOG.infof("Webhook %s paused after %d consecutive failed deliveries", subscription.id(), failures);
            return stored.chain(() -> deliveries.dropWaiting(tx, subscription.id(), now));
        }
        return stored;
    }
}
