package dev.voiceplatform.webhooks.subscription.repository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.crypto.SecretSealer;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.db.Rows;
import dev.voiceplatform.webhooks.subscription.Subscription;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * SQL over webhook_subscriptions on the reactive client. Every query is bounded by the organization. The secret and
 * the custom headers are sealed here, bound to the organization and the subscription, and opened on reading.
 */
@ApplicationScoped
public class SubscriptionRepository {

    static final String COLUMNS = "id, org_id, url, events, agent_id, secret, is_active, is_paused, http_method, "
            + "content_type, custom_headers, payload_template::text AS payload_template, condition::text AS condition, "
            + "consecutive_failures, last_delivery_at, last_delivery_status, created_at, updated_at";
    private static final TypeReference<Map<String, String>> HEADERS = new TypeReference<>() {
    };

    private final ObjectMapper objectMapper;
    private final SecretSealer sealer;

    public SubscriptionRepository(ObjectMapper objectMapper, SecretSealer sealer) {
        this.objectMapper = objectMapper;
        this.sealer = sealer;
    }

    /** A page of subscriptions and how many the organization has. */
    public record Page(List<Subscription> items, long total) {
    }

    public Uni<Subscription> find(SqlClient client, UUID organizationId, UUID id) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM webhook_subscriptions WHERE org_id = $1 AND id = $2")
                .execute(Tuple.of(organizationId, id))
                .map(rows -> Rows.firstOrNull(rows, this::map));
    }

    public Uni<Subscription> findForUpdate(SqlClient client, UUID organizationId, UUID id) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM webhook_subscriptions WHERE org_id = $1 AND id = $2 "
                        + "FOR UPDATE")
                .execute(Tuple.of(organizationId, id))
                .map(rows -> Rows.firstOrNull(rows, this::map));
    }

    /** The subscription a delivery goes to, whatever its organization: for the delivery worker only. */
    public Uni<Subscription> findForDelivery(SqlClient client, UUID id, boolean lock) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM webhook_subscriptions WHERE id = $1"
                        + (lock ? " FOR UPDATE" : ""))
                .execute(Tuple.of(id))
                .map(rows -> Rows.firstOrNull(rows, this::map));
    }

    /** The delivery columns of part 4.7 and the pause state after a real delivery's attempt. */
    public Uni<Void> recordDelivery(SqlClient client, UUID id, int consecutiveFailures, boolean paused,
            Instant deliveredAt, String status) {
        return client.preparedQuery("UPDATE webhook_subscriptions SET consecutive_failures = $1, is_paused = $2, "
                        + "last_delivery_at = $3, last_delivery_status = $4 WHERE id = $5")
                .execute(Tuple.of(consecutiveFailures, paused, DbTime.toDb(deliveredAt), status, id))
                .replaceWithVoid();
    }

    /**
     * Inserts the subscription unless the organization already holds {@code limit}; false when it does. The count and
     * the insert are one statement, so only subscriptions created at the same instant can pass the limit together.
     */
    public Uni<Boolean> insertWithin(SqlClient client, Subscription subscription, int limit) {
        return client.preparedQuery("INSERT INTO webhook_subscriptions (id, org_id, url, events, agent_id, secret, "
                        + "is_active, is_paused, http_method, content_type, custom_headers, payload_template, condition, "
                        + "created_at, updated_at) SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, "
                        + "$12::text::jsonb, $13::text::jsonb, $14, $15 WHERE (SELECT count(*) FROM "
                        + "webhook_subscriptions WHERE org_id = $2) < $16")
                .execute(Tuple.from(new Object[] {
                        subscription.id(), subscription.organizationId(), subscription.url(),
                        subscription.events().toArray(String[]::new), subscription.agentId(), sealSecret(subscription),
                        subscription.active(), subscription.paused(), subscription.httpMethod(),
                        subscription.contentType(), sealHeaders(subscription), json(subscription.payloadTemplate()),
                        json(subscription.condition()), DbTime.toDb(subscription.createdAt()),
                        DbTime.toDb(subscription.updatedAt()), limit}))
                .map(result -> result.rowCount() == 1);
    }

    /** Writes the settings a PATCH may change. */
    public Uni<Void> update(SqlClient client, Subscription subscription) {
        return client.preparedQuery("UPDATE webhook_subscriptions SET url = $1, events = $2, agent_id = $3, "
                        + "is_active = $4, is_paused = $5, http_method = $6, content_type = $7, custom_headers = $8, "
                        + "payload_template = $9::text::jsonb, condition = $10::text::jsonb, consecutive_failures = $11, "
                        + "updated_at = $12 WHERE org_id = $13 AND id = $14")
                .execute(Tuple.from(new Object[] {
                        subscription.url(), subscription.events().toArray(String[]::new), subscription.agentId(),
                        subscription.active(), subscription.paused(), subscription.httpMethod(),
                        subscription.contentType(), sealHeaders(subscription), json(subscription.payloadTemplate()),
                        json(subscription.condition()), subscription.consecutiveFailures(),
                        DbTime.toDb(subscription.updatedAt()), subscription.organizationId(), subscription.id()}))
                .replaceWithVoid();
    }

    public Uni<Boolean> delete(SqlClient client, UUID organizationId, UUID id) {
        return client.preparedQuery("DELETE FROM webhook_subscriptions WHERE org_id = $1 AND id = $2")
                .execute(Tuple.of(organizationId, id))
                .map(result -> result.rowCount() == 1);
    }

    /** Oldest first, and the total: two queries whatever the page size. */
    public Uni<Page> page(SqlClient client, UUID organizationId, int limit, int offset) {
        Uni<Long> total = client.preparedQuery("SELECT count(*) FROM webhook_subscriptions WHERE org_id = $1")
                .execute(Tuple.of(organizationId))
                .map(rows -> rows.iterator().next().getLong(0));
        Uni<List<Subscription>> items = client.preparedQuery("SELECT " + COLUMNS + " FROM webhook_subscriptions "
                        + "WHERE org_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3")
                .execute(Tuple.of(organizationId, limit, offset))
                .map(rows -> {
                    List<Subscription> subscriptions = new ArrayList<>(rows.size());
                    rows.forEach(row -> subscriptions.add(map(row)));
                    return subscriptions;
                });
        return Uni.combine().all().unis(items, total).asTuple().map(both -> new Page(both.getItem1(), both.getItem2()));
    }

    private Subscription map(Row row) {
        UUID id = row.getUUID("id");
        UUID organizationId = row.getUUID("org_id");
        Instant lastDelivery = row.getOffsetDateTime("last_delivery_at") == null ? null
                : DbTime.fromDb(row.getOffsetDateTime("last_delivery_at"));
        return new Subscription(id, organizationId, row.getString("url"),
                List.copyOf(Arrays.asList(row.getArrayOfStrings("events"))), row.getUUID("agent_id"),
                sealer.open(row.getString("secret"), secretContext(organizationId, id)), row.getBoolean("is_active"),
                row.getBoolean("is_paused"), row.getString("http_method"), row.getString("content_type"),
                openHeaders(row.getString("custom_headers"), organizationId, id), tree(row.getString("payload_template")),
                tree(row.getString("condition")), row.getInteger("consecutive_failures"), lastDelivery,
                row.getString("last_delivery_status"), DbTime.fromDb(row.getOffsetDateTime("created_at")),
                DbTime.fromDb(row.getOffsetDateTime("updated_at")));
    }

    /** What the sealed secret is bound to: a value copied to another subscription does not open. */
    public static String secretContext(UUID organizationId, UUID id) {
        return "webhook_subscriptions:" + organizationId + ":" + id + ":secret";
    }

    public static String headersContext(UUID organizationId, UUID id) {
        return "webhook_subscriptions:" + organizationId + ":" + id + ":custom_headers";
    }

    private String sealSecret(Subscription subscription) {
        return sealer.seal(subscription.secret(), secretContext(subscription.organizationId(), subscription.id()));
    }

    private String sealHeaders(Subscription subscription) {
        if (subscription.customHeaders().isEmpty()) {
            return null;
        }
        try {
            return sealer.seal(objectMapper.writeValueAsString(subscription.customHeaders()),
                    headersContext(subscription.organizationId(), subscription.id()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Opens sealed custom headers; an empty map when none are stored. */
    public Map<String, String> openHeaders(String sealed, UUID organizationId, UUID id) {
        if (sealed == null) {
            return Map.of();
        }
        try {
            return objectMapper.readValue(sealer.open(sealed, headersContext(organizationId, id)), HEADERS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored custom headers are not a JSON object", e);
        }
    }

    private JsonNode tree(String json) {
        if (json == null) {
            return null;
        }
        try {
            return objectMapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is not readable", e);
        }
    }

    private String json(JsonNode node) {
        return node == null ? null : node.toString();
    }
}
