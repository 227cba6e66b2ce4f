package dev.voiceplatform.gateway.support;

import dev.voiceplatform.gateway.idempotency.IdempotencyKeys;
import dev.voiceplatform.local.EmbeddedPostgresServer;
import dev.voiceplatform.testing.PlatformTestResources;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.flywaydb.core.Flyway;

/**
 * The platform's test resources with a database of their own that already holds, before the gateway starts, what a
 * killed gateway leaves behind: a claim in flight by the replica about to start ({@link #THIS_REPLICA}) and one by
 * another replica, both for {@link #BODY} posted to {@code /v1/agents}, a second ago. The gateway's migrations are run
 * here first so the rows can be written; the gateway's own Flyway then finds nothing to do. Starts after the
 * platform's resources, so its addresses win.
 */
public class ClaimsLeftBeforeStart extends PlatformTestResources {

    public static final String THIS_REPLICA = "gateway-under-test";
    public static final String OTHER_REPLICA = "gateway-elsewhere";
    public static final String KEY_OF_THIS_REPLICA = "left-by-this-replica";
    public static final String KEY_OF_OTHER_REPLICA = "left-by-another-replica";
    public static final String BODY = "{\"name\":\"Front desk\",\"prompt\":\"p\"}";
    /** The API key the claims are scoped to; a test points them at a key it created. */
    public static final UUID API_KEY = UUID.fromString("0199a000-0000-7000-8000-00000000c1a1");

    @Override
    public void init(Map<String, String> initArgs) {
        super.init(Map.of("database", "gateway_restart", "kafka", "false"));
    }

    @Override
    public Map<String, String> start() {
        Map<String, String> config = super.start();
        String url = config.get("quarkus.datasource.jdbc.url");
        Flyway.configure().dataSource(url, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD)
                .locations("classpath:db/migration").load().migrate();
        byte[] fingerprint = IdempotencyKeys.fingerprint(HttpMethod.POST, "/v1/agents", null, null,
                Buffer.buffer(BODY.getBytes(StandardCharsets.UTF_8)));
        Instant claimedAt = Instant.now().minusSeconds(1);
        try (Connection connection = DriverManager.getConnection(url, EmbeddedPostgresServer.USER,
                EmbeddedPostgresServer.PASSWORD)) {
            insertInFlight(connection, KEY_OF_THIS_REPLICA, fingerprint, claimedAt, THIS_REPLICA);
            insertInFlight(connection, KEY_OF_OTHER_REPLICA, fingerprint, claimedAt, OTHER_REPLICA);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        config.put("platform.gateway.replica-id", THIS_REPLICA);
        return config;
    }

    private static void insertInFlight(Connection connection, String key, byte[] fingerprint, Instant claimedAt,
            String replica) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO idempotency_records (api_key_id,"
                + " idempotency_key, fingerprint, claim_token, state, claimed_at, expires_at, replica_id)"
                + " VALUES (?, ?, ?, ?, 'in_flight', ?, ?, ?)")) {
            insert.setObject(1, API_KEY);
            insert.setString(2, key);
            insert.setBytes(3, fingerprint);
            insert.setObject(4, UUID.randomUUID());
            insert.setTimestamp(5, Timestamp.from(claimedAt));
            insert.setTimestamp(6, Timestamp.from(claimedAt.plus(Duration.ofHours(24))));
            insert.setString(7, replica);
            insert.executeUpdate();
        }
    }

    @Override
    public int order() {
        return 100;
    }
}
