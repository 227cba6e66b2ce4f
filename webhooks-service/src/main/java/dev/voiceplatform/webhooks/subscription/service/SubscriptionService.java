package dev.voiceplatform.webhooks.subscription.service;

import dev.voiceplatform.common.agents.AgentDirectory;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.PageRequest;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.outbound.OutboundRefusedException;
import dev.voiceplatform.common.outbound.OutboundUrlGuard;
import dev.voiceplatform.common.tenancy.Tenant;
import dev.voiceplatform.webhooks.config.WebhooksConfig;
import dev.voiceplatform.webhooks.delivery.repository.DeliveryRepository;
import dev.voiceplatform.webhooks.signing.WebhookSigner;
import dev.voiceplatform.webhooks.subscription.Subscription;
import dev.voiceplatform.webhooks.subscription.repository.SubscriptionRepository;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;

/**
 * Subscriptions of part 4.7. The URL's addresses and the agent are checked before any transaction opens (the guard
 * resolves names, the agent check asks the agents service), so no pooled connection waits on either.
 */
@ApplicationScoped
public class SubscriptionService {

    private final Pool pool;
    private final SubscriptionRepository subscriptions;
    private final DeliveryRepository deliveries;
    private final AgentDirectory agents;
    private final OutboundUrlGuard guard;
    private final WebhooksConfig config;
    private final Clock clock;

    public SubscriptionService(Pool pool, SubscriptionRepository subscriptions, DeliveryRepository deliveries,
            AgentDirectory agents, OutboundUrlGuard guard, WebhooksConfig config, Clock clock) {
        this.pool = pool;
        this.subscriptions = subscriptions;
        this.deliveries = deliveries;
        this.agents = agents;
        this.guard = guard;
        this.config = config;
        this.clock = clock;
    }

    public Uni<Subscription> create(Tenant tenant, SubscriptionInput.NewSubscription input) {
        Instant now = DbTime.now(clock);
        Subscription subscription = new Subscription(Ids.newId(), tenant.organizationId(), input.url(), input.events(),
                input.agentId(), WebhookSigner.newSecret(), true, false, input.httpMethod(), input.contentType(),
                input.customHeaders(), input.payloadTemplate(), input.condition(), 0, null, null, now, now);
        return checkUrl(input.url()).chain(() -> checkAgent(input.agentId()))
                .chain(() -> subscriptions.insertWithin(pool, subscription, config.maxSubscriptionsPerOrganization()))
                .map(inserted -> {
                    if (!inserted) {
                        throw ApiException.of(ErrorCode.CONFLICT, "The organization already has the most webhooks "
                                        + "it may hold (" + config.maxSubscriptionsPerOrganization() + ")")
                                .withHint("Delete a webhook you no longer use, then create this one.")
                                .withDetail("limit", config.maxSubscriptionsPerOrganization());
                    }
                    return subscription;
                });
    }

    public Uni<Subscription> get(Tenant tenant, UUID id) {
        return subscriptions.find(pool, tenant.organizationId(), id).map(SubscriptionService::requireFound);
    }

    public Uni<SubscriptionRepository.Page> list(Tenant tenant, PageRequest page) {
        return subscriptions.page(pool, tenant.organizationId(), page.limit(), page.offset());
    }

    public Uni<Void> delete(Tenant tenant, UUID id) {
        return subscriptions.delete(pool, tenant.organizationId(), id).map(deleted -> {
            if (!deleted) {
                throw ApiException.notFound("Webhook");
            }
            return null;
        });
    }

    /**
     * Applies a PATCH. Stopping a subscription (pausing or deactivating it) drops what waits for it; resuming starts
     * the failure count again and replays nothing (part 3.5).
     */
    public Uni<Subscription> update(Tenant tenant, UUID id, SubscriptionInput.Changes changes) {
        Uni<Void> checks = Uni.createFrom().voidItem();
        if (changes.url() != null) {
            checks = checks.chain(() -> checkUrl(changes.url()));
        }
        if (changes.agentId() != null) {
            checks = checks.chain(() -> checkAgent(changes.agentId()));
        }
        return checks.chain(() -> pool.withTransaction(tx -> subscriptions.findForUpdate(tx, tenant.organizationId(), id)
                .chain(found -> {
                    Subscription current = requireFound(found);
                    boolean paused = changes.paused() != null ? changes.paused() : current.paused();
                    boolean active = changes.active() != null ? changes.active() : current.active();
                    Instant now = DbTime.now(clock);
                    Subscription next = new Subscription(current.id(), current.organizationId(),
                            changes.url() != null ? changes.url() : current.url(),
                            changes.events() != null ? changes.events() : current.events(),
                            changes.agentIdSent() ? changes.agentId() : current.agentId(), current.secret(), active,
                            paused, changes.httpMethod() != null ? changes.httpMethod() : current.httpMethod(),
                            changes.contentType() != null ? changes.contentType() : current.contentType(),
                            changes.customHeaders() != null ? changes.customHeaders() : current.customHeaders(),
                            changes.clearPayloadTemplate() ? null
                                    : changes.payloadTemplate() != null ? changes.payloadTemplate()
                                    : current.payloadTemplate(),
                            changes.clearCondition() ? null
                                    : changes.condition() != null ? changes.condition() : current.condition(),
                            current.paused() && !paused ? 0 : current.consecutiveFailures(), current.lastDeliveryAt(),
                            current.lastDeliveryStatus(), current.createdAt(), now);
                    Uni<Void> saved = subscriptions.update(tx, next);
                    if (current.receives() && !next.receives()) {
                        saved = saved.chain(() -> deliveries.dropWaiting(tx, current.id(), now));
                    }
                    return saved.replaceWith(next);
                })));
    }

    private Uni<Void> checkUrl(String url) {
        return guard.check(url).replaceWithVoid()
                .onFailure(OutboundRefusedException.class).transform(failure -> SubscriptionInput.invalidUrl(
                        "The webhook url is refused: " + failure.getMessage()));
    }

    private Uni<Void> checkAgent(UUID agentId) {
        if (agentId == null) {
            return Uni.createFrom().voidItem();
        }
        return agents.exists(agentId).map(exists -> {
            if (!exists) {
                throw ApiException.of(ErrorCode.INVALID_AGENT, "agent_id is not an agent of your organization");
            }
            return null;
        });
    }

    static Subscription requireFound(Subscription subscription) {
        if (subscription == null) {
            throw ApiException.notFound("Webhook");
        }
        return subscription;
    }
}
