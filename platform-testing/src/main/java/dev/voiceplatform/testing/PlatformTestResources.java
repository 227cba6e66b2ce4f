package dev.voiceplatform.testing;

import dev.voiceplatform.common.security.KeyPems;
import dev.voiceplatform.local.EmbeddedPostgresServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;

/**
 * Starts what a service needs under test without Docker: a real PostgreSQL with a fresh database for the
 * service, a real Kafka broker, and the internal token keys. Init args: {@code database} (the database name;
 * a suffix keeps repeated starts apart) and {@code kafka} ({@code false} for a service that does not use it).
 */
public class PlatformTestResources implements QuarkusTestResourceLifecycleManager {

    private static int starts;
    private String database = "service";
    private boolean kafka = true;

    @Override
    public void init(Map<String, String> initArgs) {
        database = initArgs.getOrDefault("database", database);
        kafka = Boolean.parseBoolean(initArgs.getOrDefault("kafka", "true"));
    }

    @Override
    public Map<String, String> start() {
        EmbeddedPostgresServer postgres = SharedInfrastructure.postgres();
        String name = uniqueName(database);
        postgres.ensureDatabase(name);
        Map<String, String> config = new HashMap<>();
        config.put("quarkus.datasource.jdbc.url", postgres.jdbcUrl(name));
        config.put("quarkus.datasource.reactive.url", "postgresql://127.0.0.1:" + postgres.port() + "/" + name);
        config.put("quarkus.datasource.username", EmbeddedPostgresServer.USER);
        config.put("quarkus.datasource.password", EmbeddedPostgresServer.PASSWORD);
        if (kafka) {
            config.put("kafka.bootstrap.servers", SharedInfrastructure.kafka().bootstrapServers());
        }
        config.put("mp.jwt.verify.publickey", KeyPems.publicPem(SharedInfrastructure.tokenKeys()));
        config.put("mp.jwt.verify.issuer", TestTokens.ISSUER);
        config.put("platform.jwt.signing-key", KeyPems.privatePem(SharedInfrastructure.tokenKeys()));
        return config;
    }

    private static synchronized String uniqueName(String base) {
        starts++;
        return base + "_" + ProcessHandle.current().pid() + "_" + starts;
    }

    @Override
    public void stop() {
        // The shared servers outlive one application start; they stop with the JVM.
    }
}
