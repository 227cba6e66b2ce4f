package dev.voiceplatform.testing;

import dev.voiceplatform.local.EmbeddedPostgresServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A fresh database on the test JVM's PostgreSQL with the tables platform-common brings (the outbox and the inbox),
 * for testing the relay and the inbox consumers on their own, without a service around them.
 */
public final class CommonTables {

    private static final String[] MIGRATIONS = {"db/outbox/V0_1__outbox.sql", "db/inbox/R__processed_event.sql"};

    private CommonTables() {
    }

    /** A new database with the outbox and inbox tables. */
    public static DataSource freshDatabase() {
        String name = "common_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        SharedInfrastructure.ensureDatabase(name);
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setUrl(SharedInfrastructure.postgresJdbcUrl(name));
        dataSource.setUser(EmbeddedPostgresServer.USER);
        dataSource.setPassword(EmbeddedPostgresServer.PASSWORD);
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            for (String migration : MIGRATIONS) {
                statement.execute(resource(migration));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return dataSource;
    }

    public static String kafkaBootstrap() {
        return SharedInfrastructure.kafkaBootstrap();
    }

    private static String resource(String path) {
        try (InputStream in = CommonTables.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " is not on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
