package dev.voiceplatform.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;

/** Plain JDBC on the service's own database, for asserting rows and arranging states the API cannot reach. */
public final class TestDatabase {

    /** How long {@link #awaitBlockedOnLock} waits for the statements to queue up. */
    public static final Duration LOCK_WAIT_LIMIT = Duration.ofSeconds(20);

    private TestDatabase() {
    }

    public static List<Map<String, Object>> query(String sql, Object... parameters) {
        try (Connection connection = connect(); PreparedStatement statement = prepare(connection, sql, parameters);
                ResultSet rows = statement.executeQuery()) {
            ResultSetMetaData meta = rows.getMetaData();
            List<Map<String, Object>> out = new ArrayList<>();
            while (rows.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.put(meta.getColumnLabel(i), rows.getObject(i));
                }
                out.add(row);
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public static int update(String sql, Object... parameters) {
        try (Connection connection = connect(); PreparedStatement statement = prepare(connection, sql, parameters)) {
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Waits until at least {@code count} statements starting with {@code queryPrefix} are blocked on a lock (row,
     * table or advisory lock), so a test can release what it holds exactly when the service's requests queued up
     * behind it. Fails the test after {@link #LOCK_WAIT_LIMIT}.
     */
    public static void awaitBlockedOnLock(int count, String queryPrefix) {
        long deadline = System.nanoTime() + LOCK_WAIT_LIMIT.toNanos();
        while (blockedOnLock(queryPrefix) < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(count + " statements '" + queryPrefix + "...' were not blocked on a lock within "
                        + LOCK_WAIT_LIMIT + "; blocked now: " + blockedOnLock(queryPrefix));
            }
            try {
                // Polls the server's activity view; nothing in the database can announce a waiter.
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** How many statements starting with {@code queryPrefix} are blocked on a lock right now. */
    public static long blockedOnLock(String queryPrefix) {
        // starts_with, not LIKE: a prefix may hold '_' or '%'.
        return ((Number) query("SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                + "AND starts_with(query, ?)", queryPrefix).get(0).get("n")).longValue();
    }

    public static String kafkaBootstrapServers() {
        return ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class);
    }

    /** A connection of its own, for holding locks or a transaction open while the service works. */
    public static Connection connect() throws SQLException {
        var config = ConfigProvider.getConfig();
        return DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
    }

    private static PreparedStatement prepare(Connection connection, String sql, Object... parameters)
            throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
        return statement;
    }
}
