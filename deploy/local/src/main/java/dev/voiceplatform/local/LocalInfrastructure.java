package dev.voiceplatform.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
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
        StringBuilder env = new StringBuilder();
        List<AutoCloseable> running = new ArrayList<>();

        if (postgres) {
            EmbeddedPostgresServer server = EmbeddedPostgresServer.start(stateDir.resolve("postgres"), pgPort);
            running.add(server);
            for (String database : databases) {
                server.ensureDatabase(database);
            }
            env.append("INFRA_PG_URL=postgresql://127.0.0.1:").append(server.port()).append('\n')
                    .append("INFRA_PG_USER=").append(EmbeddedPostgresServer.USER).append('\n')
                    .append("INFRA_PG_PASSWORD=").append(EmbeddedPostgresServer.PASSWORD).append('\n');
        }
        if (kafka) {
            EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start();
            running.add(broker);
            env.append("INFRA_KAFKA_BOOTSTRAP=").append(broker.bootstrapServers()).append('\n');
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
        writeAtomically(stateDir.resolve("infra.env"), env.toString());
        System.out.println("local infrastructure ready");
        stopped.await();
    }

    private static void writeAtomically(Path target, String content) throws IOException {
        Path temporary = target.resolveSibling(target.getFileName() + ".tmp");
        Files.writeString(temporary, content);
        Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
