package dev.voiceplatform.webhooks.delivery.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.correlation.CorrelationIds;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.tenancy.Tenant;
import dev.voiceplatform.webhooks.config.WebhooksConfig;
import dev.voiceplatform.webhooks.delivery.Delivery;
import dev.voiceplatform.webhooks.delivery.Message;
import dev.voiceplatform.webhooks.delivery.Outcome;
import dev.voiceplatform.webhooks.delivery.repository.DeliveryRepository;
import dev.voiceplatform.webhooks.subscription.Subscription;
import dev.voiceplatform.webhooks.subscription.repository.SubscriptionRepository;
import dev.voiceplatform.webhooks.template.Condition;
import dev.voiceplatform.webhooks.template.PayloadTemplate;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

/**
 * Test sends, replays, template previews and the delivery log. Test sends and replays run synchronously, are sent
 * once (never retried), are flagged is_test and leave the failure count and the last-delivery columns alone.
 */
@ApplicationScoped
public class DeliveryService {

    private final Pool pool;
    private final SubscriptionRepository subscriptions;
    private final DeliveryRepository deliveries;
    private final WebhookSender sender;
    private final WebhooksConfig config;
    private final ObjectMapper objectMapper;
    private final Clock clock;

    public DeliveryService(Pool pool, SubscriptionRepository subscriptions, DeliveryRepository deliveries,
            WebhookSender sender, WebhooksConfig config, ObjectMapper objectMapper, Clock clock) {
        this.pool = pool;
        this.subscriptions = subscriptions;
        this.deliveries = deliveries;
        this.sender = sender;
        this.config = config;
        this.objectMapper = objectMapper;
        this.clock = clock;
    }

    /** A message sent at once and what came of it. */
    public record Sent(Subscription subscription, Delivery delivery, Outcome outcome) {
    }

    /** POST /webhooks/:id/test: a sample of {@code eventType} to the real destination. */
    public Uni<Sent> test(Tenant tenant, UUID subscriptionId, String eventType) {
        return subscription(tenant, subscriptionId).chain(subscription -> {
            Instant now = DbTime.now(clock);
            String type = eventType != null ? eventType : subscription.events().get(0);
            Message message = new Message(newId(Message.TEST_ID_PREFIX), "evt_test_" + compactUuid(), type, now,
                    SampleEvents.data(type, subscription.agentId(), now, objectMapper),
                    CorrelationIds.currentOrGenerate(), null);
            return sendOnce(subscription, message, null);
        });
    }

    /**
     * Replays a past delivery (part 6.1 rule 5) to the stored destination, as a test, with the original event id and
     * a new X-Webhook-ID. 409 CONFLICT when the current condition does not match the event; 429
     * RATE_LIMIT_EXCEEDED past the daily caps, checked before sending.
     */
    public Uni<Sent> replay(Tenant tenant, UUID subscriptionId, String deliveryId) {
        return subscription(tenant, subscriptionId).chain(subscription -> deliveries
                .find(pool, tenant.organizationId(), subscriptionId, deliveryId)
                .chain(stored -> {
                    if (stored == null || stored.delivery().test()) {
                        throw ApiException.notFound("Delivery");
                    }
                    if (subscription.condition() != null
                            && !Condition.parse(subscription.condition()).matches(stored.message().data())) {
                        throw ApiException.of(ErrorCode.CONFLICT, "The webhook's current condition does not match "
                                + "this event").withHint("Change or clear the condition, then replay again.");
                    }
                    Instant now = DbTime.now(clock);
                    Instant dayStart = now.atZone(ZoneOffset.UTC).truncatedTo(ChronoUnit.DAYS).toInstant();
                    return deliveries.replaysSince(pool, tenant.organizationId(), subscriptionId, dayStart)
                            .chain(counts -> {
                                if (counts.webhook() >= config.replaysPerWebhookPerDay()
                                        || counts.organization() >= config.replaysPerOrganizationPerDay()) {
                                    throw ApiException.of(ErrorCode.RATE_LIMIT_EXCEEDED, "Replays are limited to "
                                                    + config.replaysPerWebhookPerDay() + " per webhook and "
                                                    + config.replaysPerOrganizationPerDay()
                                                    + " per organization per UTC day")
                                            .withDetail("reset_at", dayStart.plus(1, ChronoUnit.DAYS).toString());
                                }
                                Message original = stored.message();
                                Message replay = new Message(newId(Message.ID_PREFIX), original.eventId(),
                                        original.eventType(), original.occurredAt(), original.data(),
                                        original.correlationId(), stored.templated() ? original.templatedBody() : null);
                                return sendOnce(subscription, replay, deliveryId);
                            });
                }));
    }

    /** The template dry run: renders and sends nothing. */
    public JsonNode preview(JsonNode template, String eventType, JsonNode data, String httpMethod, UUID agentId) {
        JsonNode eventData = data != null ? data : SampleEvents.data(eventType, agentId, clock.instant(), objectMapper);
        return PayloadTemplate.parse(template).render(eventData, httpMethod);
    }

    public Uni<List<Delivery>> log(Tenant tenant, UUID subscriptionId, int limit, int offset) {
        return subscription(tenant, subscriptionId)
                .chain(subscription -> deliveries.log(pool, tenant.organizationId(), subscriptionId, limit, offset));
    }

    private Uni<Sent> sendOnce(Subscription subscription, Message message, String replayOf) {
        String body = sender.body(subscription, message);
        String templatedBody = WebhookSender.templated(subscription, message) ? body : null;
        return sender.send(subscription, message, body).chain(outcome -> {
            Instant now = DbTime.now(clock);
            Delivery delivery = new Delivery(message.id(), subscription.id(), message.eventId(), message.eventType(),
                    outcome.success() ? "success" : "failed", true, outcome.responseStatus(), outcome.responseTimeMs(),
                    1, outcome.errorMessage(), outcome.success() ? null : outcome.failureClass().wireName(), null,
                    replayOf, now);
            return pool.withTransaction(tx -> deliveries.insertSent(tx, subscription.organizationId(),
                            subscription.id(), message, templatedBody, replayOf, outcome, now))
                    .replaceWith(new Sent(subscription, delivery, outcome));
        });
    }

    private Uni<Subscription> subscription(Tenant tenant, UUID id) {
        return subscriptions.find(pool, tenant.organizationId(), id).map(found -> {
            if (found == null) {
                throw ApiException.notFound("Webhook");
            }
            return found;
        });
    }

    private static String newId(String prefix) {
        return prefix + compactUuid();
    }

    private static String compactUuid() {
        return UUID.randomUUID().toString().replace("-", "");
    }
}
