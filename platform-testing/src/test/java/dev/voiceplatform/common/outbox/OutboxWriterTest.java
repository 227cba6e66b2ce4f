package dev.voiceplatform.common.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.voiceplatform.common.events.AgentDeleted;
import dev.voiceplatform.local.EmbeddedPostgresServer;
import dev.voiceplatform.testing.CommonTables;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.pgclient.PgPool;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/** What the writer puts in the outbox, against a real PostgreSQL. */
class OutboxWriterTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private PGSimpleDataSource database;
    private Vertx vertx;
    private PgPool pool;

    @BeforeEach
    void freshDatabase() {
        database = (PGSimpleDataSource) CommonTables.freshDatabase();
        vertx = Vertx.vertx();
        pool = PgPool.pool(vertx, new PgConnectOptions().setHost("127.0.0.1").setPort(database.getPortNumbers()[0])
                .setDatabase(database.getDatabaseName()).setUser(EmbeddedPostgresServer.USER)
                .setPassword(EmbeddedPostgresServer.PASSWORD), new PoolOptions().setMaxSize(1));
    }

    @AfterEach
    void close() {
        pool.closeAndAwait();
        vertx.closeAndAwait();
    }

    @Test
    void anEventIsStampedWithTheClockAtTheMicrosecondsTheDatabaseKeeps() throws Exception {
        Instant now = Instant.parse("2026-11-24T02:50:00.123456789Z");
        OutboxWriter writer = new OutboxWriter(
                JsonMapper.builder().findAndAddModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build(),
                Clock.fixed(now, ZoneOffset.UTC));
        UUID agentId = UUID.randomUUID();

        writer.append(pool, UUID.randomUUID(), new AgentDeleted(agentId, "Front desk", now))
                .await().atMost(WAIT);

        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT payload->>'occurred_at' FROM outbox_event")) {
            row.next();
            // The precision of every time a service stores and answers (DbTime), not milliseconds.
            assertEquals("2026-11-24T02:50:00.123456Z", row.getString(1));
        }
    }

    @Test
    void onAJdbcTransactionTheEventIsWrittenOnlyWhenItCommitsAndCarriesItsCause() throws Exception {
        Instant now = Instant.parse("2026-11-24T02:50:00.123456789Z");
        OutboxWriter writer = new OutboxWriter(
                JsonMapper.builder().findAndAddModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build(),
                Clock.fixed(now, ZoneOffset.UTC));
        UUID agentId = UUID.randomUUID();
        try (Connection connection = database.getConnection()) {
            connection.setAutoCommit(false);
            writer.append(connection, UUID.randomUUID(), new AgentDeleted(agentId, "Front desk", now), "cause-1");
            connection.rollback();
            writer.append(connection, UUID.randomUUID(), new AgentDeleted(agentId, "Front desk", now), "cause-2");
            connection.commit();
        }
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT count(*) OVER (), payload->>'correlation_id', "
                        + "payload->>'occurred_at', message_key, event_type FROM outbox_event")) {
            row.next();
            assertEquals(1, row.getInt(1));
            assertEquals("cause-2", row.getString(2));
            assertEquals("2026-11-24T02:50:00.123456Z", row.getString(3));
            assertEquals(agentId.toString(), row.getString(4));
            assertEquals(AgentDeleted.TYPE, row.getString(5));
        }
    }
}
