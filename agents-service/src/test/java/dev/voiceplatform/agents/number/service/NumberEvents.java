package dev.voiceplatform.agents.number.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.testing.TestDatabase;
import java.time.Instant;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/** Puts events on numbers.events as the numbers service's outbox relay would, keyed by the agent. */
public final class NumberEvents implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final KafkaProducer<String, String> producer;

    public NumberEvents() {
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestDatabase.kafkaBootstrapServers());
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer = new KafkaProducer<>(properties);
    }

    /** Sends number.bound and returns the event id. */
    public UUID bound(UUID organizationId, String agentId, UUID phoneNumberId, String phoneNumber, Instant at) {
        return send(UUID.randomUUID(), "number.bound", organizationId, agentId,
                data(agentId, phoneNumberId, phoneNumber).put("bound_at", at.toString()));
    }

    /** Sends number.unbound and returns the event id. */
    public UUID unbound(UUID organizationId, String agentId, UUID phoneNumberId, String phoneNumber) {
        return send(UUID.randomUUID(), "number.unbound", organizationId, agentId,
                data(agentId, phoneNumberId, phoneNumber).put("unbound_at", Instant.now().toString()));
    }

    /** Sends an envelope of any type with a chosen event id (a redelivery reuses one). */
    public UUID send(UUID eventId, String type, UUID organizationId, String agentId, ObjectNode data) {
        ObjectNode envelope = JSON.createObjectNode()
                .put("id", eventId.toString())
                .put("type", type)
                .put("org_id", organizationId.toString())
                .put("agent_id", agentId)
                .put("occurred_at", Instant.now().toString())
                .put("correlation_id", "test")
                .put("a_field_no_consumer_knows", true);
        envelope.set("data", data);
        sendRaw(agentId, envelope.toString());
        return eventId;
    }

    public void sendRaw(String key, String value) {
        try {
            producer.send(new ProducerRecord<>("numbers.events", key, value)).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static ObjectNode data(String agentId, UUID phoneNumberId, String phoneNumber) {
        return JSON.createObjectNode()
                .put("phone_number_id", phoneNumberId.toString())
                .put("phone_number", phoneNumber)
                .put("agent_id", agentId);
    }

    @Override
    public void close() {
        producer.close();
    }
}
