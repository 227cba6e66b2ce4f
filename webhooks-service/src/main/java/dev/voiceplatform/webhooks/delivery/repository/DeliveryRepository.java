package dev.voiceplatform.webhooks.delivery.repository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.webhooks.delivery.Delivery;
import dev.voiceplatform.webhooks.delivery.Message;
import dev.voiceplatform.webhooks.delivery.Outcome;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** SQL over webhook_deliveries and webhook_attempts on the reactive client. */
@ApplicationScoped
public class DeliveryRepository {

    private final ObjectMapper objectMapper;

    public DeliveryRepository(ObjectMapper objectMapper) {
        this.objectMapper = objectMapper;
    }

    private JsonNode tree(String json) {
        try {
            return objectMapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored event data is not JSON", e);
        }
    }

    private static final String LOG_COLUMNS = "id, subscription_id, event_id, event_type, status, is_test, "
            + "response_status, response_time_ms, attempt_count, error_message, failure_class, next_attempt_at, "
            + "replay_of, created_at";

    /** A claimed delivery: the message to send and the attempts it had before. */
    public record Claimed(String id, UUID organizationId, UUID subscriptionId, boolean test, int attemptsBefore,
            Message message) {
    }

    /**
     * Claims due deliveries for {@code lease}: rows another replica holds are skipped, not waited for, so replicas
     * share the work; a claim a dead replica left runs out and the row is due again.
     */
    public Uni<List<Claimed>> claimDue(SqlClient client, Instant now, java.time.Duration lease, int limit) {
        return client.preparedQuery("UPDATE webhook_deliveries d SET lease_until = $2 WHERE d.id IN (SELECT id FROM "
                        + "webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL "
                        + "OR lease_until <= $1) ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED) RETURNING "
                        + "d.id, d.org_id, d.subscription_id, d.is_test, d.attempt_count, d.event_id, d.event_type, "
                        + "d.event_data::text AS event_data, d.occurred_at, d.correlation_id, d.templated_body")
                .execute(Tuple.of(DbTime.toDb(now), DbTime.toDb(now.plus(lease)), limit))
                .map(rows -> {
                    List<Claimed> claimed = new ArrayList<>(rows.size());
                    rows.forEach(row -> claimed.add(new Claimed(row.getString("id"), row.getUUID("org_id"),
                            row.getUUID("subscription_id"), row.getBoolean("is_test"), row.getInteger("attempt_count"),
                            new Message(row.getString("id"), row.getString("event_id"), row.getString("event_type"),
                                    DbTime.fromDb(row.getOffsetDateTime("occurred_at")),
                                    tree(row.getString("event_data")),
                                    row.getString("correlation_id"), row.getString("templated_body")))));
                    return claimed;
                });
    }

    /** Stores a message made and sent at once (a test send or a replay), with its one attempt. */
    public Uni<Void> insertSent(SqlClient client, UUID organizationId, UUID subscriptionId, Message message,
            String templatedBody, String replayOf, Outcome outcome, Instant now) {
        return client.preparedQuery("INSERT INTO webhook_deliveries (id, org_id, subscription_id, event_id, event_type, "
                        + "event_data, occurred_at, correlation_id, templated_body, is_test, replay_of, status, "
                        + "attempt_count, response_status, response_time_ms, error_message, failure_class, created_at, "
                        + "updated_at) VALUES ($1, $2, $3, $4, $5, $6::text::jsonb, $7, $8, $9, true, $10, $11, 1, $12, "
                        + "$13, $14, $15, $16, $16)")
                .execute(Tuple.from(new Object[] {
                        message.id(), organizationId, subscriptionId, message.eventId(), message.eventType(),
                        message.data().toString(), DbTime.toDb(message.occurredAt()), message.correlationId(),
                        templatedBody, replayOf, outcome.success() ? "success" : "failed", outcome.responseStatus(),
                        outcome.responseTimeMs(), outcome.errorMessage(),
                        outcome.success() ? null : outcome.failureClass().wireName(), DbTime.toDb(now)}))
                .chain(() -> insertAttempt(client, message.id(), 1, outcome, now));
    }

    public Uni<Void> insertAttempt(SqlClient client, String deliveryId, int attempt, Outcome outcome, Instant at) {
        return client.preparedQuery("INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, response_status, "
                        + "response_time_ms, error_message, failure_class) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                .execute(Tuple.from(new Object[] {deliveryId, attempt, DbTime.toDb(at), outcome.responseStatus(),
                        outcome.responseTimeMs(), outcome.errorMessage(),
                        outcome.success() ? null : outcome.failureClass().wireName()}))
                .replaceWithVoid();
    }

    /**
     * Records an attempt on the delivery: its answer, and either the next attempt's time or, with {@code nextAttempt}
     * null, its final status. The claim is given back.
     */
    public Uni<Void> recordAttempt(SqlClient client, String id, int attempt, Outcome outcome, Instant nextAttempt,
            String templatedBody, Instant now) {
        String status = outcome.success() ? "success" : nextAttempt != null ? "pending" : "failed";
        return client.preparedQuery("UPDATE webhook_deliveries SET status = $1, attempt_count = $2, next_attempt_at = $3, "
                        + "lease_until = NULL, response_status = $4, response_time_ms = $5, error_message = $6, "
                        + "failure_class = $7, templated_body = COALESCE(templated_body, $8), updated_at = $9 "
                        + "WHERE id = $10")
                .execute(Tuple.from(new Object[] {status, attempt, nextAttempt == null ? null : DbTime.toDb(nextAttempt),
                        outcome.responseStatus(), outcome.responseTimeMs(), outcome.errorMessage(),
                        outcome.success() ? null : outcome.failureClass().wireName(), templatedBody, DbTime.toDb(now),
                        id}))
                .chain(() -> insertAttempt(client, id, attempt, outcome, now));
    }

    /**
     * Drops what waits for a subscription that stops receiving (paused or deactivated): a message never attempted
     * is removed; one that already failed keeps its last failure and is not retried. A claimed row is left to its
     * sender, which sees the subscription paused when it records the attempt.
     */
    public Uni<Void> dropWaiting(SqlClient client, UUID subscriptionId, Instant now) {
        Tuple parameters = Tuple.of(subscriptionId, DbTime.toDb(now));
        return client.preparedQuery("DELETE FROM webhook_deliveries WHERE subscription_id = $1 AND status = 'pending' "
                        + "AND attempt_count = 0 AND (lease_until IS NULL OR lease_until <= $2)")
                .execute(parameters)
                .chain(() -> client.preparedQuery("UPDATE webhook_deliveries SET status = 'failed', "
                                + "next_attempt_at = NULL, updated_at = $2 WHERE subscription_id = $1 AND status = "
                                + "'pending' AND (lease_until IS NULL OR lease_until <= $2)")
                        .execute(parameters))
                .replaceWithVoid();
    }

    /** One delivery of a subscription of the organization, with what a replay needs. */
    public record Stored(Delivery delivery, Message message, boolean templated) {
    }

    public Uni<Stored> find(SqlClient client, UUID organizationId, UUID subscriptionId, String id) {
        return client.preparedQuery("SELECT " + LOG_COLUMNS + ", event_data::text AS event_data, occurred_at, "
                        + "correlation_id, templated_body FROM webhook_deliveries WHERE org_id = $1 AND "
                        + "subscription_id = $2 AND id = $3")
                .execute(Tuple.of(organizationId, subscriptionId, id))
                .map(rows -> {
                    if (rows.size() == 0) {
                        return null;
                    }
                    Row row = rows.iterator().next();
                    Message message = new Message(row.getString("id"), row.getString("event_id"),
                            row.getString("event_type"), DbTime.fromDb(row.getOffsetDateTime("occurred_at")),
                            tree(row.getString("event_data")),
                            row.getString("correlation_id"), row.getString("templated_body"));
                    return new Stored(map(row), message, row.getString("templated_body") != null);
                });
    }

    /** The newest entries of a subscription's log. */
    public Uni<List<Delivery>> log(SqlClient client, UUID organizationId, UUID subscriptionId, int limit, int offset) {
        return client.preparedQuery("SELECT " + LOG_COLUMNS + " FROM webhook_deliveries WHERE org_id = $1 AND "
                        + "subscription_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4")
                .execute(Tuple.of(organizationId, subscriptionId, limit, offset))
                .map(rows -> {
                    List<Delivery> deliveries = new ArrayList<>(rows.size());
                    rows.forEach(row -> deliveries.add(map(row)));
                    return deliveries;
                });
    }

    /** Replays made since {@code since}: of the subscription, and of the whole organization. */
    public record ReplayCounts(long webhook, long organization) {
    }

    public Uni<ReplayCounts> replaysSince(SqlClient client, UUID organizationId, UUID subscriptionId, Instant since) {
        return client.preparedQuery("SELECT count(*) FILTER (WHERE subscription_id = $2) AS webhook, count(*) AS "
                        + "organization FROM webhook_deliveries WHERE org_id = $1 AND replay_of IS NOT NULL AND "
                        + "created_at >= $3")
                .execute(Tuple.of(organizationId, subscriptionId, DbTime.toDb(since)))
                .map(rows -> {
                    Row row = rows.iterator().next();
                    return new ReplayCounts(row.getLong("webhook"), row.getLong("organization"));
                });
    }

    private static Delivery map(Row row) {
        OffsetDateTime next = row.getOffsetDateTime("next_attempt_at");
        return new Delivery(row.getString("id"), row.getUUID("subscription_id"), row.getString("event_id"),
                row.getString("event_type"), row.getString("status"), row.getBoolean("is_test"),
                row.getInteger("response_status"), row.getInteger("response_time_ms"), row.getInteger("attempt_count"),
                row.getString("error_message"), row.getString("failure_class"), next == null ? null : DbTime.fromDb(next),
                row.getString("replay_of"), DbTime.fromDb(row.getOffsetDateTime("created_at")));
    }
}
