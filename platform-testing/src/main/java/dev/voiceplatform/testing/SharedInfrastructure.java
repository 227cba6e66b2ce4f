package dev.voiceplatform.testing;

import dev.voiceplatform.common.security.KeyPems;
import dev.voiceplatform.local.EmbeddedKafkaBroker;
import dev.voiceplatform.local.EmbeddedPostgresServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.kafka.common.utils.Exit;

/**
 * One PostgreSQL server, one Kafka broker and one token key pair per test JVM, started on first use.
 *
 * <p>Quarkus loads test resources in a new class loader each time a test profile restarts the application, so a
 * static field alone would start another server per profile. What must be shared JVM-wide (the servers'
 * addresses and the key pair) is therefore kept in system properties, which every class loader sees; the
 * class loader that started a server also stops it when the JVM ends.
 */
final class SharedInfrastructure {

    private static final String POSTGRES_PORT = "platform.testing.postgres.port";
    private static final String KAFKA_BOOTSTRAP = "platform.testing.kafka.bootstrap";
    private static final String PRIVATE_KEY = "platform.testing.token.private-key";
    private static final String PUBLIC_KEY = "platform.testing.token.public-key";

    private static volatile PrivateKey parsedPrivateKey;

    private SharedInfrastructure() {
    }

    /** The port of the JVM's PostgreSQL server. */
    static int postgresPort() {
        synchronized (System.class) {
            String port = System.getProperty(POSTGRES_PORT);
            if (port == null) {
                EmbeddedPostgresServer server = EmbeddedPostgresServer.start(null, 0);
                Runtime.getRuntime().addShutdownHook(new Thread(server::close, "stop-embedded-postgres"));
                port = Integer.toString(server.port());
                System.setProperty(POSTGRES_PORT, port);
            }
            return Integer.parseInt(port);
        }
    }

    static String postgresJdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + postgresPort() + "/" + database;
    }

    /** Creates the database on the JVM's PostgreSQL server unless it exists. */
    static void ensureDatabase(String database) {
        EmbeddedPostgresServer.ensureDatabase(postgresJdbcUrl("postgres"), EmbeddedPostgresServer.USER,
                EmbeddedPostgresServer.PASSWORD, database);
    }

    /** The bootstrap servers of the JVM's Kafka broker. */
    static String kafkaBootstrap() {
        synchronized (System.class) {
            String bootstrap = System.getProperty(KAFKA_BOOTSTRAP);
            if (bootstrap == null) {
                keepKafkaFromEndingTheJvm();
                Path logDirectory = temporaryDirectory("platform-test-kafka");
                EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(logDirectory);
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    broker.close();
                    deleteRecursively(logDirectory);
                }, "stop-embedded-kafka"));
                bootstrap = broker.bootstrapServers();
                System.setProperty(KAFKA_BOOTSTRAP, bootstrap);
            }
            return bootstrap;
        }
    }

    /**
     * A broker that finds its log directories gone (or any fatal error of its own) halts the JVM, which would fail a
     * build whose tests all passed. Our hook stops the broker before its directory is deleted, Kafka adds no hooks of
     * its own here, and in a test JVM a broker's exit or halt is reported instead of ending the JVM.
     */
    private static void keepKafkaFromEndingTheJvm() {
        Exit.setShutdownHookAdder((name, runnable) -> { });
        Exit.setHaltProcedure((status, message) ->
                System.err.println("embedded Kafka asked to halt (" + status + "): " + message));
        Exit.setExitProcedure((status, message) ->
                System.err.println("embedded Kafka asked to exit (" + status + "): " + message));
    }

    private static Path temporaryDirectory(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteRecursively(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            System.err.println("could not delete " + directory + ": " + e);
        }
    }

    static String privateKeyPem() {
        return keyPems()[0];
    }

    static String publicKeyPem() {
        return keyPems()[1];
    }

    /** The private key of the JVM's key pair, parsed once per class loader. */
    static PrivateKey privateKey() {
        PrivateKey key = parsedPrivateKey;
        if (key == null) {
            key = KeyPems.privateKey(privateKeyPem());
            parsedPrivateKey = key;
        }
        return key;
    }

    private static String[] keyPems() {
        synchronized (System.class) {
            if (System.getProperty(PRIVATE_KEY) == null) {
                KeyPair pair = KeyPems.generate();
                System.setProperty(PRIVATE_KEY, KeyPems.privatePem(pair));
                System.setProperty(PUBLIC_KEY, KeyPems.publicPem(pair));
            }
            return new String[] {System.getProperty(PRIVATE_KEY), System.getProperty(PUBLIC_KEY)};
        }
    }
}
