package dev.voiceplatform.common.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.events.EventEnvelope;
import dev.voiceplatform.common.events.KafkaTopics;
import dev.voiceplatform.testing.CommonTables;
import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.TestClock;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An inbox consumer against a real PostgreSQL and Kafka: each event id applied once, on the transaction that records
 * it; a failed event read again and applied, nothing after it skipped; processed ids kept for the retention only.
 */
class InboxConsumerTest {

    private static final String TYPE = "thing.happened";
    private static final Duration RETENTION = Duration.ofDays(30);

    private final TestClock clock = new TestClock();
    private final ObjectMapper json = new ObjectMapper().findAndRegisterModules();
    private final List<InboxConsumer> consumers = new ArrayList<>();
    private DataSource database;
    private String topic;
    private String consumerName;
    private KafkaProducer<String, String> producer;
    private final AtomicInteger failuresLeft = new AtomicInteger();
    private volatile UUID failingEvent;

    @BeforeEach
    void freshDatabaseAndTopic() throws Exception {
        database = CommonTables.freshDatabase();
        sql("CREATE TABLE applied (seq bigserial, event_id uuid NOT NULL, aggregate text NOT NULL)");
        topic = "inbox-test-" + UUID.randomUUID();
        consumerName = "inbox-test-" + UUID.randomUUID();
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, CommonTables.kafkaBootstrap());
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer = new KafkaProducer<>(properties);
        // As the outbox relay of the publishing service would have: partitions keep each key's events in order.
        KafkaTopics.ensure(CommonTables.kafkaBootstrap(), List.of(topic), 3, (short) 1);
    }

    @AfterEach
    void stop() {
        consumers.forEach(InboxConsumer::stop);
        producer.close();
    }

    @Test
    void aRedeliveredEventIdIsAppliedOnceAndWhatIsNotAnEventOfItsTypesIsPassedOver() throws Exception {
        UUID first = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        UUID last = UUID.randomUUID();
        send("agent-a", envelope(first, TYPE));
        send("agent-a", envelope(first, TYPE));
        send("agent-a", "not an event");
        send("agent-a", envelope(other, "other.happened"));
        send("agent-a", envelope(last, TYPE));
        start();

        Eventually.check(() -> assertEquals(List.of(first.toString(), last.toString()), applied()));
        assertEquals(2L, count("SELECT count(*) FROM processed_event WHERE consumer = '" + consumerName + "'"),
                "only events of its types are recorded");
    }

    @Test
    void anEventWhoseApplicationFailedIsReadAgainAndAppliedOnceWithNothingAfterItSkipped() throws Exception {
        UUID first = UUID.randomUUID();
        UUID failing = UUID.randomUUID();
        UUID last = UUID.randomUUID();
        failingEvent = failing;
        failuresLeft.set(2);
        send("agent-a", envelope(first, TYPE));
        send("agent-a", envelope(failing, TYPE));
        send("agent-a", envelope(last, TYPE));
        start();

        Eventually.check(() -> assertEquals(List.of(first.toString(), failing.toString(), last.toString()),
                applied()));
        assertEquals(0, failuresLeft.get(), "the failing event was tried until it went through");
        // Nothing more arrives later: the offsets were committed after the events were applied.
        stopAll();
        start();
        send("agent-a", envelope(UUID.randomUUID(), TYPE));
        Eventually.check(() -> assertEquals(4, applied().size()));
        assertEquals(List.of(first.toString(), failing.toString(), last.toString()), applied().subList(0, 3));
    }

    @Test
    void processedIdsOfTheConsumerAreDeletedOnceOlderThanTheRetention() throws Exception {
        Instant now = clock.instant();
        UUID expired = processed(consumerName, now.minus(RETENTION).minus(Duration.ofHours(1)));
        UUID recent = processed(consumerName, now.minus(Duration.ofDays(1)));
        UUID othersExpired = processed("another-consumer", now.minus(RETENTION).minus(Duration.ofHours(1)));
        start();

        Eventually.check(() -> assertNull(processedAt(consumerName, expired)));
        assertNotNull(processedAt(consumerName, recent));
        assertNotNull(processedAt("another-consumer", othersExpired), "another consumer's rows are its own to purge");

        // 29 days and an hour on, the id processed a day before is past the retention.
        clock.advance(Duration.ofDays(29).plusHours(1));
        Eventually.check(() -> assertNull(processedAt(consumerName, recent)));
    }

    private void start() {
        InboxHandler handler = new InboxHandler() {
            @Override
            public String consumer() {
                return consumerName;
            }

            @Override
            public String topic() {
                return topic;
            }

            @Override
            public Set<String> types() {
                return Set.of(TYPE);
            }

            @Override
            public void apply(Connection transaction, EventEnvelope.Received event) throws SQLException {
                try (PreparedStatement insert = transaction.prepareStatement(
                        "INSERT INTO applied (event_id, aggregate) VALUES (?, ?)")) {
                    insert.setObject(1, event.id());
                    insert.setString(2, event.data().path("aggregate").asText());
                    insert.executeUpdate();
                }
                // Fails after writing, so the failure must also roll the write back.
                if (event.id().equals(failingEvent) && failuresLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    throw new SQLException("applying " + event.id() + " fails");
                }
            }
        };
        InboxConsumer consumer = new InboxConsumer(handler, database, json, clock, RETENTION,
                CommonTables.kafkaBootstrap(), 3, (short) 1,
                // A replica id of its own: two live members under one static id would fence each other.
                new ConsumerGroupMembership("test-" + UUID.randomUUID(), Duration.ofSeconds(6), Duration.ofSeconds(1)));
        consumers.add(consumer);
        consumer.start();
    }

    private void stopAll() {
        consumers.forEach(InboxConsumer::stop);
        consumers.clear();
    }

    private String envelope(UUID id, String type) throws Exception {
        return json.writeValueAsString(new EventEnvelope<>(id, type, UUID.randomUUID(), null, Instant.now(),
                "correlation", java.util.Map.of("aggregate", "agent-a", "extra", "ignored")));
    }

    private void send(String key, String value) throws Exception {
        producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
    }

    /** Applied event ids in the order they were applied. */
    private List<String> applied() {
        List<String> ids = new ArrayList<>();
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT event_id FROM applied ORDER BY seq")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return ids;
    }

    private UUID processed(String consumer, Instant at) throws SQLException {
        UUID id = UUID.randomUUID();
        try (Connection connection = database.getConnection(); PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO processed_event (consumer, event_id, processed_at) VALUES (?, ?, ?)")) {
            insert.setString(1, consumer);
            insert.setObject(2, id);
            insert.setTimestamp(3, Timestamp.from(at));
            insert.executeUpdate();
        }
        return id;
    }

    private Object processedAt(String consumer, UUID id) {
        try (Connection connection = database.getConnection(); PreparedStatement select = connection.prepareStatement(
                "SELECT processed_at FROM processed_event WHERE consumer = ? AND event_id = ?")) {
            select.setString(1, consumer);
            select.setObject(2, id);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? rows.getObject(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private long count(String query) throws SQLException {
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private void sql(String... statements) throws SQLException {
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement()) {
            for (String each : statements) {
                statement.execute(each);
            }
        }
    }
}
