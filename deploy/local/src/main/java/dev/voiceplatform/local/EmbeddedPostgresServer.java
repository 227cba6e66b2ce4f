package dev.voiceplatform.local;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;

/** A PostgreSQL server run from the binaries shipped in a Maven jar: no installation, no container. */
public final class EmbeddedPostgresServer implements AutoCloseable {

    public static final String USER = "postgres";
    public static final String PASSWORD = "postgres";
    private static final Pattern DATABASE_NAME = Pattern.compile("[a-z][a-z0-9_]{0,62}");

    private final EmbeddedPostgres postgres;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /**
     * @param dataDirectory where the cluster lives across restarts, or null for a throwaway one
     * @param port the port to listen on, or 0 for any free port
     */
    public static EmbeddedPostgresServer start(Path dataDirectory, int port) {
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setServerConfig("max_connections", "300")
                    .setServerConfig("fsync", dataDirectory == null ? "off" : "on")
                    .setServerConfig("synchronous_commit", dataDirectory == null ? "off" : "on");
            if (port > 0) {
                builder.setPort(port);
            }
            if (dataDirectory != null) {
                builder.setDataDirectory(dataDirectory).setCleanDataDirectory(false);
            }
            return new EmbeddedPostgresServer(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("embedded PostgreSQL did not start", e);
        }
    }

    public int port() {
        return postgres.getPort();
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/" + database;
    }

    /** Creates the database unless it exists. */
    public void ensureDatabase(String database) {
        ensureDatabase(jdbcUrl("postgres"), USER, PASSWORD, database);
    }

    /** Creates a database on any server reachable by JDBC unless it exists. */
    public static void ensureDatabase(String adminJdbcUrl, String user, String password, String database) {
        if (!DATABASE_NAME.matcher(database).matches()) {
            throw new IllegalArgumentException("not a plain database name: " + database);
        }
        try (Connection connection = DriverManager.getConnection(adminJdbcUrl, user, password);
                PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            exists.setString(1, database);
            try (ResultSet result = exists.executeQuery()) {
                if (result.next()) {
                    return;
                }
            }
            try (Statement create = connection.createStatement()) {
                create.execute("CREATE DATABASE " + database);
            }
        } catch (SQLException e) {
            if (!"42P04".equals(e.getSQLState())) {
                throw new IllegalStateException("cannot create database " + database, e);
            }
        }
    }

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
