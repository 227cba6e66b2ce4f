package dev.voiceplatform.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads a topic from its beginning and waits for the events a test expects. */
public final class KafkaEvents implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final KafkaConsumer<String, String> consumer;
    private final List<ReceivedEvent> seen = new ArrayList<>();

    /** One event as it arrived: the Kafka key and the parsed envelope. */
    public record ReceivedEvent(String key, JsonNode envelope) {

        public String type() {
            return envelope.path("type").asText();
        }

        public JsonNode data() {
            return envelope.path("data");
        }
    }

    public KafkaEvents(String bootstrapServers, String topic) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID());
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        consumer = new KafkaConsumer<>(properties);
        consumer.subscribe(List.of(topic));
    }

    /** The first event matching the predicate, waiting up to the timeout; fails the test otherwise. */
    public ReceivedEvent await(Predicate<ReceivedEvent> expected, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (ReceivedEvent event : seen) {
                if (expected.test(event)) {
                    return event;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no matching event within " + timeout + "; saw " + seen.size() + " events: "
                        + seen.stream().map(event -> event.key() + "=" + event.envelope()).toList());
            }
            poll(Duration.ofMillis(200));
        }
    }

    /** Everything received so far after polling for the given time. */
    public List<ReceivedEvent> drain(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            poll(Duration.ofMillis(200));
        }
        return List.copyOf(seen);
    }

    public static Predicate<ReceivedEvent> ofType(String type, String key) {
        return event -> type.equals(event.type()) && key.equals(event.key());
    }

    private void poll(Duration duration) {
        for (ConsumerRecord<String, String> record : consumer.poll(duration)) {
            try {
                seen.add(new ReceivedEvent(record.key(), JSON.readTree(record.value())));
            } catch (Exception e) {
                throw new AssertionError("event is not JSON: " + record.value(), e);
            }
        }
    }

    @Override
    public void close() {
        consumer.close();
    }
}
