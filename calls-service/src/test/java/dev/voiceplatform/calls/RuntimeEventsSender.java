package dev.voiceplatform.calls;

import dev.voiceplatform.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/** Publishes on runtime.events what the voice runtime would: its envelopes, keyed by the call. */
public final class RuntimeEventsSender implements AutoCloseable {

    private final KafkaProducer<String, String> producer;

    public RuntimeEventsSender() {
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestDatabase.kafkaBootstrapServers());
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer = new KafkaProducer<>(properties);
    }

    /** Sends an event with the given envelope id (send the same id twice for a redelivery); returns the id. */
    public UUID send(UUID eventId, String type, UUID organizationId, String callId, JsonObject data) {
        JsonObject envelope = new JsonObject().put("id", eventId.toString()).put("type", type)
                .put("org_id", organizationId.toString()).put("occurred_at", Instant.now().toString())
                .put("correlation_id", "runtime-" + eventId).put("data", data.put("call_id", callId));
        try {
            producer.send(new ProducerRecord<>("runtime.events", callId, envelope.encode())).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return eventId;
    }

    public UUID answered(UUID organizationId, String callId, Instant at) {
        return send(UUID.randomUUID(), "runtime.call.answered", organizationId, callId,
                new JsonObject().put("answered_at", at.toString()));
    }

    /** A completed call of {@code seconds}, with a two-line transcript and a recording. */
    public static JsonObject completed(Instant answeredAt, int seconds) {
        return new JsonObject().put("status", "completed").put("end_reason", "caller_hung_up")
                .put("answered_at", answeredAt.toString()).put("ended_at", answeredAt.plusSeconds(seconds).toString())
                .put("duration", seconds).put("cost", seconds * 0.0015).put("summary", "Asked about opening hours")
                .put("transcript", new JsonArray()
                        .add(new JsonObject().put("role", "assistant").put("text", "Hello, how can I help?")
                                .put("timestamp", answeredAt.toString()))
                        .add(new JsonObject().put("role", "user").put("text", "When do you open?")
                                .put("timestamp", answeredAt.plusSeconds(2).toString())))
                .put("recording_available", true);
    }

    @Override
    public void close() {
        producer.close();
    }
}
