package dev.voiceplatform.common.outbox;

import dev.voiceplatform.common.background.BackgroundLoop;
import dev.voiceplatform.common.events.KafkaTopics;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;

/**
 * Publishes committed outbox rows to Kafka in the order they were written.
 *
 * <p>Runs on its own thread with blocking JDBC, never on the event loop. A LISTEN connection wakes it as soon
 * as a transaction that appended an event commits; a periodic sweep covers lost notifications. With several
 * replicas, a transaction-scoped advisory lock lets one drain at a time (so order holds across replicas) and
 * {@code FOR UPDATE SKIP LOCKED} keeps a row from being taken twice. A row is marked published only after
 * Kafka acknowledged it ({@code acks=all}, idempotent producer), so a crash between commit and publish loses
 * nothing: the row is published when a relay runs again. Delivery is at least once.
 */
@ApplicationScoped
public class OutboxRelay {

    static final String CHANNEL = "outbox_event";
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final long ADVISORY_LOCK_KEY = 0x6f7574626f78L;
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(200);
    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration PURGE_EVERY = Duration.ofHours(1);
    private static final String SELECT_BATCH = "SELECT id, topic, message_key, event_type, payload::text FROM outbox_event "
            + "WHERE published_at IS NULL ORDER BY seq LIMIT ? FOR UPDATE SKIP LOCKED";

    private final DataSource dataSource;
    private final OutboxConfig config;
    private final Clock clock;
    private final Optional<String> bootstrapServers;

    private volatile boolean running;
    private BackgroundLoop loop;
    private volatile Connection listener;
    private boolean topicsReady;
    /** Made and closed on the relay's thread. */
    private KafkaProducer<String, String> producer;
    private Instant nextPurge = Instant.MIN;

    public OutboxRelay(DataSource dataSource, OutboxConfig config, Clock clock,
            @ConfigProperty(name = "kafka.bootstrap.servers") Optional<String> bootstrapServers) {
        this.dataSource = dataSource;
        this.config = config;
        this.clock = clock;
        this.bootstrapServers = bootstrapServers;
    }

    void onStart(@Observes StartupEvent event) {
        if (config.relayEnabled()) {
            start();
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        stop();
    }

    public synchronized void start() {
        if (running) {
            return;
        }
        if (bootstrapServers.isEmpty()) {
            throw new IllegalStateException("kafka.bootstrap.servers must be set for the outbox relay");
        }
        topicsReady = false;
        running = true;
        // A retry waits at most one sweep interval.
        Duration maxBackoff = config.sweepInterval().compareTo(FIRST_BACKOFF) > 0
                ? config.sweepInterval() : FIRST_BACKOFF;
        loop = new BackgroundLoop("outbox-relay", FIRST_BACKOFF, maxBackoff, this::relayOnce)
                .onFailure((failure, backoff) -> {
                    LOG.warnf("Outbox relay will retry in %d ms: %s", backoff.toMillis(), failure.toString());
                    // The listener may be what failed; the next pass opens a new one.
                    closeListener();
                })
                // Closing the listener ends a wait for a notification; the interrupt that follows at once ends a
                // wait for Kafka's acknowledgement. The batch in hand is rolled back and published by the next relay.
                .onStop(this::closeListener)
                .onExit(() -> {
                    closeListener();
                    closeProducer();
                });
        loop.start();
    }

    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        loop.stop();
        loop = null;
    }

    public boolean isRunning() {
        return running;
    }

    /** One pass: publish all there is, purge when due, then wait for a commit's notification or the sweep. */
    private void relayOnce() throws Exception {
        if (producer == null) {
            // Made here, on the relay's thread, not in start(): a Kafka client takes a second or more of a busy
            // machine to set up, which the service's start (and so its first answer after a restart) need not wait for.
            producer = new KafkaProducer<>(producerProperties());
        }
        if (!topicsReady) {
            ensureTopics();
            topicsReady = true;
        }
        if (listener == null) {
            listener = openListener();
        }
        int published;
        do {
            published = drainOnce();
        } while (running && published == config.batchSize());
        purgeWhenDue();
        awaitNotification(config.sweepInterval().toMillis());
    }

    /** Publishes up to one batch; returns how many rows it published. */
    int drainOnce() throws SQLException, InterruptedException, ExecutionException, TimeoutException {
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            try {
                if (!tryLock(connection)) {
                    connection.rollback();
                    return 0;
                }
                List<UUID> published = publishBatch(connection);
                if (!published.isEmpty()) {
                    markPublished(connection, published);
                }
                connection.commit();
                return published.size();
            } catch (SQLException | InterruptedException | ExecutionException | TimeoutException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        }
    }

    private List<UUID> publishBatch(Connection connection)
            throws SQLException, InterruptedException, ExecutionException, TimeoutException {
        List<UUID> ids = new ArrayList<>();
        List<Future<RecordMetadata>> sends = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(SELECT_BATCH)) {
            select.setInt(1, config.batchSize());
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getObject(1, UUID.class));
                    ProducerRecord<String, String> record =
                            new ProducerRecord<>(rows.getString(2), rows.getString(3), rows.getString(5));
                    record.headers().add("event_type", rows.getString(4).getBytes(StandardCharsets.UTF_8));
                    sends.add(producer.send(record));
                }
            }
        }
        long deadline = System.nanoTime() + SEND_TIMEOUT.toNanos();
        for (Future<RecordMetadata> send : sends) {
            send.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
        return ids;
    }

    private void markPublished(Connection connection, List<UUID> ids) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(
                "UPDATE outbox_event SET published_at = ? WHERE id = ANY(?)")) {
            Array array = connection.createArrayOf("uuid", ids.toArray());
            update.setTimestamp(1, Timestamp.from(clock.instant()));
            update.setArray(2, array);
            update.executeUpdate();
        }
    }

    private static boolean tryLock(Connection connection) throws SQLException {
        try (PreparedStatement lock = connection.prepareStatement("SELECT pg_try_advisory_xact_lock(?)")) {
            lock.setLong(1, ADVISORY_LOCK_KEY);
            try (ResultSet result = lock.executeQuery()) {
                return result.next() && result.getBoolean(1);
            }
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
                        "DELETE FROM outbox_event WHERE published_at < ?")) {
            delete.setTimestamp(1, Timestamp.from(now.minus(config.retention())));
            delete.executeUpdate();
        }
    }

    private Connection openListener() throws SQLException {
        Connection connection = dataSource.getConnection();
        connection.setAutoCommit(true);
        try (Statement statement = connection.createStatement()) {
            statement.execute("LISTEN " + CHANNEL);
        }
        return connection;
    }

    private void awaitNotification(long timeoutMillis) throws SQLException {
        Connection current = listener;
        if (current == null) {
            return;
        }
        // Returns at once when notifications queued up while draining; otherwise waits for the next commit.
        current.unwrap(PGConnection.class).getNotifications((int) Math.max(1, timeoutMillis));
    }

    private void closeProducer() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
            producer = null;
        }
    }

    private void closeListener() {
        Connection current = listener;
        listener = null;
        if (current != null) {
            try {
                current.close();
            } catch (SQLException e) {
                LOG.debug("Closing the outbox listener failed", e);
            }
        }
    }

    private void ensureTopics() throws InterruptedException, ExecutionException, TimeoutException {
        KafkaTopics.ensure(bootstrapServers.get(), config.topics().orElse(List.of()), config.topicPartitions(),
                config.topicReplication());
    }

    private Properties producerProperties() {
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers.get());
        properties.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        properties.put(ProducerConfig.ACKS_CONFIG, "all");
        properties.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5);
        properties.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) SEND_TIMEOUT.toMillis());
        properties.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        properties.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 10_000);
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return properties;
    }
}
