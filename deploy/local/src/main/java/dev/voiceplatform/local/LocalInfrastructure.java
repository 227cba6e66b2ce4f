package dev.voiceplatform.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * What {@code ./platform up} runs under the services: embedded PostgreSQL (unless an external one is given)
 * and a local Kafka broker (unless an external one is given), with one database per service.
 *
 * <p>Usage: {@code java -jar local-infrastructure.jar --state-dir DIR [--pg-port N] [--no-postgres] [--no-kafka]
 * --databases a,b,c}. When everything is up it writes {@code DIR/infra.env} (shell-sourceable) and keeps
 * running until it is stopped.
 */
public final class LocalInfrastructure {

    private LocalInfrastructure() {
    }

    public static void main(String[] args) throws Exception {
        Path stateDir = Path.of(".platform");
        int pgPort = 0;
        boolean postgres = true;
        boolean kafka = true;
        List<String> databases = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--state-dir" -> stateDir = Path.of(args[++i]);
                case "--pg-port" -> pgPort = Integer.parseInt(args[++i]);
                case "--no-postgres" -> postgres = false;
                case "--no-kafka" -> kafka = false;
                case "--databases" -> databases.addAll(List.of(args[++i].split(",")));
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        Files.createDirectories(stateDir);
        Map<String, String> env = new LinkedHashMap<>();
        List<AutoCloseable> running = new ArrayList<>();

        if (postgres) {
            EmbeddedPostgresServer server = EmbeddedPostgresServer.start(stateDir.resolve("postgres"), pgPort);
            running.add(server);
            for (String database : databases) {
                server.ensureDatabase(database);
            }
            env.put("INFRA_PG_URL", "postgresql://127.0.0.1:" + server.port());
            env.put("INFRA_PG_USER", EmbeddedPostgresServer.USER);
            env.put("INFRA_PG_PASSWORD", EmbeddedPostgresServer.PASSWORD);
        }
        if (kafka) {
            EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(stateDir.resolve("kafka"));
            running.add(broker);
            env.put("INFRA_KAFKA_BOOTSTRAP", broker.bootstrapServers());
        }

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (int i = running.size() - 1; i >= 0; i--) {
                try {
                    running.get(i).close();
                } catch (Exception e) {
                    System.err.println("stopping " + running.get(i) + " failed: " + e);
                }
            }
            stopped.countDown();
        }));
        EnvFile.write(stateDir.resolve("infra.env"), env, true);
        System.out.println("local infrastructure ready");
        stopped.await();
    }
}
