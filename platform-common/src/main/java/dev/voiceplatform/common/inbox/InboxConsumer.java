package dev.voiceplatform.common.inbox;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.voiceplatform.common.background.BackgroundLoop;
import dev.voiceplatform.common.events.EventEnvelope;
import dev.voiceplatform.common.events.KafkaTopics;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

/**
 * One consumer thread for one {@link InboxHandler}, never the event loop: it polls the topic, applies each event and
 * records its id in {@code processed_event} in one JDBC transaction, and commits Kafka offsets only after those
 * transactions committed. A crash in between makes Kafka deliver again what was already applied; the processed mark
 * turns that into a no-op.
 */
final class InboxConsumer {

    private static final Logger LOG = Logger.getLogger(InboxConsumer.class);
    private static final Duration POLL = Duration.ofSeconds(1);
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(200);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    private static final Duration PURGE_EVERY = Duration.ofHours(1);

    private final InboxHandler handler;
    private final DataSource dataSource;
    private final ObjectReader envelopes;
    private final Clock clock;
    private final Duration retention;
    private final String bootstrapServers;
    private final int topicPartitions;
    private final short topicReplication;
    private final ConsumerGroupMembership membership;

    private volatile KafkaConsumer<String, String> consumer;
    private BackgroundLoop loop;
    private Instant nextPurge = Instant.MIN;

    InboxConsumer(InboxHandler handler, DataSource dataSource, ObjectMapper objectMapper, Clock clock,
            Duration retention, String bootstrapServers, int topicPartitions, short topicReplication,
            ConsumerGroupMembership membership) {
        this.handler = handler;
        this.dataSource = dataSource;
        // Consumers ignore fields they do not know, whatever the service's own mapper says.
        this.envelopes = objectMapper.readerFor(EventEnvelope.Received.class)
                .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        this.clock = clock;
        this.retention = retention;
        this.bootstrapServers = bootstrapServers;
        this.topicPartitions = topicPartitions;
        this.topicReplication = topicReplication;
        this.membership = membership;
    }

    void start() {
        loop = new BackgroundLoop("inbox-" + handler.consumer(), FIRST_BACKOFF, MAX_BACKOFF, this::consumeStep)
                .onFailure((failure, backoff) -> LOG.warnf("Inbox %s will retry in %d ms: %s", handler.consumer(),
                        backoff.toMillis(), failure.toString()))
                // Waking the poll ends the wait for records; the batch in hand finishes its transaction, and only a
                // broker that does not answer is interrupted.
                .onStop(this::wakeConsumer)
                .interruptAfter(STOP_GRACE)
                .onExit(this::closeConsumer);
        loop.start();
    }

    /** Wakes the poll, lets the batch in hand finish its transaction, and closes the Kafka consumer, leaving its group. */
    void stop() {
        loop.stop();
    }

    private void consumeStep() throws Exception {
        try {
            if (consumer == null) {
                consumer = subscribe();
            }
            purgeWhenDue();
            consumeOnce(consumer);
        } catch (WakeupException e) {
            // stop() woke the poll; the loop ends because it is no longer running.
        }
    }

    private void wakeConsumer() {
        KafkaConsumer<String, String> current = consumer;
        if (current != null) {
            current.wakeup();
        }
    }

    private void closeConsumer() {
        KafkaConsumer<String, String> current = consumer;
        consumer = null;
        if (current != null) {
            ConsumerGroupMembership.leave(current, Duration.ofSeconds(5));
        }
    }

    private KafkaConsumer<String, String> subscribe() throws Exception {
        KafkaTopics.ensure(bootstrapServers, List.of(handler.topic()), topicPartitions, topicReplication);
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        properties.putAll(membership.consumerSettings(handler.consumer()));
        properties.put(ConsumerConfig.CLIENT_ID_CONFIG, handler.consumer());
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // A new consumer group starts at the beginning, so events published before it first ran are applied too.
        properties.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        KafkaConsumer<String, String> created = new KafkaConsumer<>(properties);
        created.subscribe(List.of(handler.topic()));
        return created;
    }

    private void consumeOnce(KafkaConsumer<String, String> kafka) throws SQLException {
        ConsumerRecords<String, String> records = kafka.poll(POLL);
        Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
        Exception failure = null;
        partitions:
        for (TopicPartition partition : records.partitions()) {
            for (ConsumerRecord<String, String> record : records.records(partition)) {
                try {
                    process(record);
                } catch (SQLException | RuntimeException e) {
                    failure = e;
                    break partitions;
                }
                done.put(partition, new OffsetAndMetadata(record.offset() + 1));
            }
        }
        if (!done.isEmpty()) {
            kafka.commitSync(done);
        }
        if (failure != null) {
            // The rest of the batch is read again: each partition goes back to its first record not yet applied.
            for (TopicPartition partition : records.partitions()) {
                OffsetAndMetadata next = done.get(partition);
                kafka.seek(partition, next != null ? next.offset() : records.records(partition).get(0).offset());
            }
            if (failure instanceof SQLException sql) {
                throw sql;
            }
            throw (RuntimeException) failure;
        }
    }

    private void process(ConsumerRecord<String, String> record) throws SQLException {
        EventEnvelope.Received event = read(record);
        if (event == null || !handler.types().contains(event.type())) {
            return;
        }
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            try {
                if (markProcessed(connection, event)) {
                    handler.apply(connection, event);
                }
                connection.commit();
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        }
    }

    /** The envelope, or null for a record that is not one: it can never be applied, so it is logged and passed. */
    private EventEnvelope.Received read(ConsumerRecord<String, String> record) {
        EventEnvelope.Received event = null;
        if (record.value() != null) {
            try {
                event = envelopes.readValue(record.value());
            } catch (IOException e) {
                event = null;
            }
        }
        if (event == null || event.id() == null || event.type() == null) {
            LOG.warnf("Inbox %s passes over a record that is not an event envelope (%s-%d offset %d)",
                    handler.consumer(), record.topic(), record.partition(), record.offset());
            return null;
        }
        return event;
    }

    private boolean markProcessed(Connection connection, EventEnvelope.Received event) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO processed_event "
                + "(consumer, event_id, processed_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")) {
            insert.setString(1, handler.consumer());
            insert.setObject(2, event.id());
            insert.setTimestamp(3, Timestamp.from(clock.instant()));
            return insert.executeUpdate() == 1;
        }
    }

    private void purgeWhenDue() throws SQLException {
        Instant now = clock.instant();
        if (now.isBefore(nextPurge)) {
            return;
        }
        nextPurge = now.plus(PURGE_EVERY);
        try (Connection connection = dataSource.getConnection();
                PreparedStatement delete = connection.prepareStatement(
                        "DELETE FROM processed_event WHERE consumer = ? AND processed_at < ?")) {
            delete.setString(1, handler.consumer());
            delete.setTimestamp(2, Timestamp.from(now.minus(retention)));
            delete.executeUpdate();
        }
    }
}
