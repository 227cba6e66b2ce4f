package dev.voiceplatform.webhooks;

import dev.voiceplatform.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/** Publishes public events as the services' outbox relays do: an EventEnvelope as JSON, keyed by organization. */
public final class PublicEvents implements AutoCloseable {

    private final KafkaProducer<String, String> producer;

    public PublicEvents() {
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestDatabase.kafkaBootstrapServers());
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer = new KafkaProducer<>(properties);
    }

    /** Sends the envelope with id {@code eventId} (send the same id twice for a redelivery). */
    public void send(String topic, UUID eventId, String type, UUID organizationId, UUID agentId, String correlationId,
            JsonObject data) {
        JsonObject envelope = new JsonObject().put("id", eventId.toString()).put("type", type)
                .put("org_id", organizationId.toString()).put("occurred_at", Instant.now().toString())
                .put("correlation_id", correlationId).put("data", data);
        if (agentId != null) {
            envelope.put("agent_id", agentId.toString());
        }
        try {
            producer.send(new ProducerRecord<>(topic, organizationId.toString(), envelope.encode())).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A lead.created on leads.events; returns its event id. */
    public UUID leadCreated(UUID organizationId, UUID agentId) {
        UUID id = UUID.randomUUID();
        send("leads.events", id, "lead.created", organizationId, agentId, "corr-" + id,
                new JsonObject().put("lead_id", UUID.randomUUID().toString()).put("name", "Dana")
                        .put("phone", "+15555550100"));
        return id;
    }

    @Override
    public void close() {
        producer.close();
    }
}
