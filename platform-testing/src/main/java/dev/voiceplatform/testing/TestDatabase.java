package dev.voiceplatform.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;

/** Plain JDBC on the service's own database, for asserting rows and arranging states the API cannot reach. */
public final class TestDatabase {

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
     * Waits until a statement of the service starting with {@code sqlPrefix} is blocked on a lock, so a test can
     * release the lock exactly between the service's read and its write.
     */
    public static void awaitStatementBlockedOnLock(String sqlPrefix, java.time.Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<Map<String, Object>> blocked = query("SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                    + "AND query LIKE ?", sqlPrefix + "%");
            if (!blocked.isEmpty()) {
                return;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("no statement '" + sqlPrefix + "...' blocked on a lock within " + timeout);
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
