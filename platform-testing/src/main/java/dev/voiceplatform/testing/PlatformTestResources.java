package dev.voiceplatform.testing;

import dev.voiceplatform.local.EmbeddedPostgresServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Starts what a service needs under test without Docker: a real PostgreSQL with a fresh database for the
 * service, a real Kafka broker, and the internal token keys. Init args: {@code database} (the database name;
 * a suffix keeps repeated starts apart) and {@code kafka} ({@code false} for a service that does not use it).
 */
public class PlatformTestResources implements QuarkusTestResourceLifecycleManager {

    private String database = "service";
    private boolean kafka = true;

    @Override
    public void init(Map<String, String> initArgs) {
        database = initArgs.getOrDefault("database", database);
        kafka = Boolean.parseBoolean(initArgs.getOrDefault("kafka", "true"));
    }

    @Override
    public Map<String, String> start() {
        String name = uniqueName(database);
        SharedInfrastructure.ensureDatabase(name);
        Map<String, String> config = new HashMap<>();
        config.put("quarkus.datasource.jdbc.url", SharedInfrastructure.postgresJdbcUrl(name));
        config.put("quarkus.datasource.reactive.url",
                "postgresql://127.0.0.1:" + SharedInfrastructure.postgresPort() + "/" + name);
        config.put("quarkus.datasource.username", EmbeddedPostgresServer.USER);
        config.put("quarkus.datasource.password", EmbeddedPostgresServer.PASSWORD);
        if (kafka) {
            config.put("kafka.bootstrap.servers", SharedInfrastructure.kafkaBootstrap());
        }
        config.put("mp.jwt.verify.publickey", SharedInfrastructure.publicKeyPem());
        config.put("mp.jwt.verify.issuer", TestTokens.ISSUER);
        config.put("platform.jwt.signing-key", SharedInfrastructure.privateKeyPem());
        return config;
    }

    /** A fresh database per application start, also across the class loaders of test profiles. */
    private static String uniqueName(String base) {
        return base + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    @Override
    public void stop() {
        // The shared servers outlive one application start; they stop with the JVM.
    }
}
