package dev.voiceplatform.common.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.testing.CommonTables;
import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.KafkaEvents;
import dev.voiceplatform.testing.KafkaEvents.ReceivedEvent;
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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The relay against a real PostgreSQL and Kafka: what its documentation promises, publication in the order rows were
 * written per aggregate, nothing lost when a publication fails, one publication per row with several relays, and
 * published rows kept for the retention only.
 */
class OutboxRelayTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Duration RETENTION = Duration.ofDays(7);

    private final TestClock clock = new TestClock();
    private final List<OutboxRelay> relays = new ArrayList<>();
    private DataSource database;
    private String topic;

    @BeforeEach
    void freshDatabaseAndTopic() {
        database = CommonTables.freshDatabase();
        topic = "outbox-test-" + UUID.randomUUID();
    }

    @AfterEach
    void stopRelays() {
        relays.forEach(OutboxRelay::stop);
    }

    @Test
    void eachAggregatesEventsArePublishedInTheOrderTheyWereWrittenAcrossBatches() throws Exception {
        List<String> aggregates = List.of("agent-a", "agent-b", "agent-c");
        List<UUID> written = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            written.add(append(aggregates.get(i % 3), i));
        }
        try (KafkaEvents events = new KafkaEvents(CommonTables.kafkaBootstrap(), topic)) {
            relay(4).start();
            // Rows committed while the relay runs arrive by notification.
            for (int i = 15; i < 30; i++) {
                written.add(append(aggregates.get(i % 3), i));
            }
            List<ReceivedEvent> received = awaitAll(events, written.size());
            assertEquals(written.size(), received.size(), "each row once");
            Map<String, List<Integer>> sequenceByAggregate = received.stream().collect(Collectors.groupingBy(
                    ReceivedEvent::key, Collectors.mapping(event -> event.envelope().path("n").asInt(),
                            Collectors.toList())));
            for (String aggregate : aggregates) {
                List<Integer> sequence = sequenceByAggregate.get(aggregate);
                assertEquals(10, sequence.size());
                assertEquals(sequence.stream().sorted().toList(), sequence, aggregate + " in the order written");
            }
        }
        Eventually.check(() -> assertEquals(0, unpublished()));
    }

    @Test
    void aRowWhosePublicationFailedIsPublishedAgainWhenTheRelayRetries() throws Exception {
        sql("CREATE TABLE relay_fault (failing boolean NOT NULL)",
                "INSERT INTO relay_fault VALUES (true)",
                "CREATE SEQUENCE relay_fault_attempts",
                // The sequence counts attempts: nextval is not rolled back with the failed transaction.
                "CREATE FUNCTION relay_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                        + "PERFORM nextval('relay_fault_attempts'); "
                        + "IF (SELECT failing FROM relay_fault) THEN RAISE EXCEPTION 'marking as published fails'; "
                        + "END IF; RETURN NULL; END $$",
                "CREATE TRIGGER relay_fault BEFORE UPDATE ON outbox_event "
                        + "FOR EACH STATEMENT EXECUTE FUNCTION relay_fault()");
        UUID id = append("agent-a", 1);
        try (KafkaEvents events = new KafkaEvents(CommonTables.kafkaBootstrap(), topic)) {
            relay(10).start();
            // Kafka acknowledged it, marking it failed: the row stays unpublished and the relay tries again.
            events.await(event -> event.envelope().path("id").asText().equals(id.toString()), WAIT);
            Eventually.check(() -> assertTrue(attempts() >= 2, "attempts: " + attempts()));
            assertNull(publishedAt(id));

            sql("UPDATE relay_fault SET failing = false");
            Eventually.check(() -> assertNotNull(publishedAt(id)));
            long deliveries = events.drain(Duration.ofMillis(500)).stream()
                    .filter(event -> event.envelope().path("id").asText().equals(id.toString())).count();
            assertTrue(deliveries >= 2, "published again after the failure (at least once): " + deliveries);
        }
    }

    @Test
    void twoRelaysAtOncePublishEachRowOnce() throws Exception {
        List<UUID> written = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            written.add(append("agent-" + (i % 5), i));
        }
        try (KafkaEvents events = new KafkaEvents(CommonTables.kafkaBootstrap(), topic)) {
            relay(3).start();
            relay(3).start();
            for (int i = 40; i < 80; i++) {
                written.add(append("agent-" + (i % 5), i));
            }
            awaitAll(events, written.size());
            // Time for a second publication of any row to arrive.
            List<ReceivedEvent> received = events.drain(Duration.ofSeconds(2));
            Map<String, Long> publications = received.stream().collect(Collectors.groupingBy(
                    event -> event.envelope().path("id").asText(), Collectors.counting()));
            assertEquals(written.stream().map(UUID::toString).collect(Collectors.toSet()), publications.keySet());
            assertEquals(Set.of(1L), Set.copyOf(publications.values()), "a row published more than once");
        }
        Eventually.check(() -> assertEquals(0, unpublished()));
    }

    @Test
    void aRowLockedByAnotherTransactionIsSkippedNotWaitedFor() throws Exception {
        UUID held = append("agent-held", 1);
        try (Connection holder = database.getConnection();
                KafkaEvents events = new KafkaEvents(CommonTables.kafkaBootstrap(), topic)) {
            holder.setAutoCommit(false);
            try (PreparedStatement lock = holder.prepareStatement(
                    "SELECT id FROM outbox_event WHERE id = ? FOR UPDATE")) {
                lock.setObject(1, held);
                lock.executeQuery().close();
            }
            UUID free = append("agent-free", 2);
            relay(10).start();
            events.await(event -> event.envelope().path("id").asText().equals(free.toString()), WAIT);
            Eventually.check(() -> assertNotNull(publishedAt(free)));
            assertNull(publishedAt(held));

            holder.rollback();
            // Published by the next sweep, or by the next notification.
            append("agent-free", 3);
            events.await(event -> event.envelope().path("id").asText().equals(held.toString()), WAIT);
        }
    }

    @Test
    void publishedRowsAreDeletedOnceOlderThanTheRetentionAndUnpublishedOnesNever() throws Exception {
        Instant now = clock.instant();
        UUID expired = append("agent-a", 1);
        UUID recent = append("agent-a", 2);
        UUID waiting = append("agent-a", 3);
        setPublishedAt(expired, now.minus(RETENTION).minus(Duration.ofHours(1)));
        setPublishedAt(recent, now.minus(Duration.ofDays(1)));
        sql("UPDATE outbox_event SET created_at = now() - interval '30 days' WHERE id = '" + waiting + "'");

        relay(10).start();
        Eventually.check(() -> assertNull(row(expired), "a row published longer ago than the retention"));
        Eventually.check(() -> assertNotNull(publishedAt(waiting), "an old unpublished row is published, not purged"));
        assertNotNull(row(recent));

        // Six days on, the row published a day before is past the retention; the one published today is not.
        clock.advance(Duration.ofDays(6).plusHours(1));
        append("agent-b", 4);
        Eventually.check(() -> assertNull(row(recent)));
        assertNotNull(row(waiting));
    }

    private OutboxRelay relay(int batchSize) {
        OutboxRelay relay = new OutboxRelay(database, config(batchSize), clock,
                Optional.of(CommonTables.kafkaBootstrap()));
        relays.add(relay);
        return relay;
    }

    private OutboxConfig config(int batchSize) {
        List<String> topics = List.of(topic);
        return new OutboxConfig() {
            @Override
            public boolean relayEnabled() {
                return false;
            }

            @Override
            public Duration sweepInterval() {
                return Duration.ofSeconds(1);
            }

            @Override
            public int batchSize() {
                return batchSize;
            }

            @Override
            public Duration retention() {
                return RETENTION;
            }

            @Override
            public Optional<List<String>> topics() {
                return Optional.of(topics);
            }

            @Override
            public int topicPartitions() {
                return 3;
            }

            @Override
            public short topicReplication() {
                return 1;
            }
        };
    }

    /** Appends an event of the aggregate as OutboxWriter does: its own committed transaction here. */
    private UUID append(String aggregate, int n) throws SQLException {
        UUID id = UUID.randomUUID();
        try (Connection connection = database.getConnection(); PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO outbox_event (id, topic, message_key, event_type, payload) VALUES (?, ?, ?, ?, ?::jsonb)")) {
            insert.setObject(1, id);
            insert.setString(2, topic);
            insert.setString(3, aggregate);
            insert.setString(4, "test.happened");
            insert.setString(5, "{\"id\": \"" + id + "\", \"type\": \"test.happened\", \"n\": " + n + "}");
            insert.executeUpdate();
        }
        return id;
    }

    /** Waits until the topic holds at least {@code count} events. */
    private static List<ReceivedEvent> awaitAll(KafkaEvents events, int count) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        List<ReceivedEvent> received = events.drain(Duration.ZERO);
        while (received.size() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("only " + received.size() + " of " + count + " events within " + WAIT);
            }
            received = events.drain(Duration.ofMillis(200));
        }
        return received;
    }

    private void setPublishedAt(UUID id, Instant at) throws SQLException {
        try (Connection connection = database.getConnection(); PreparedStatement update = connection.prepareStatement(
                "UPDATE outbox_event SET published_at = ? WHERE id = ?")) {
            update.setTimestamp(1, Timestamp.from(at));
            update.setObject(2, id);
            assertEquals(1, update.executeUpdate());
        }
    }

    private Object row(UUID id) {
        return single("SELECT id FROM outbox_event WHERE id = '" + id + "'");
    }

    private Object publishedAt(UUID id) {
        return single("SELECT published_at FROM outbox_event WHERE id = '" + id + "'");
    }

    private long unpublished() {
        return ((Number) single("SELECT count(*) FROM outbox_event WHERE published_at IS NULL")).longValue();
    }

    private long attempts() {
        return ((Number) single("SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM relay_fault_attempts"))
                .longValue();
    }

    private Object single(String query) {
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            return rows.next() ? rows.getObject(1) : null;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
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
