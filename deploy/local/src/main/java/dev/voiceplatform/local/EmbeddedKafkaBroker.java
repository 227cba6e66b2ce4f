package dev.voiceplatform.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * A single-node KRaft Kafka broker (combined broker and controller) running inside this JVM, for
 * {@code ./platform up}. Its log lives under the platform's state directory, so published events survive a
 * restart of the infrastructure, and it listens on the loopback interface only: like the services, it has no
 * authentication and must not be reachable from the network.
 */
public final class EmbeddedKafkaBroker implements AutoCloseable {

    private static final String LOOPBACK = "127.0.0.1";
    private static final int NODE_ID = 1;
    private static final String CONTROLLER_LISTENER = "CONTROLLER";
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    private final KafkaRaftServer server;
    private final String bootstrapServers;

    private EmbeddedKafkaBroker(KafkaRaftServer server, String bootstrapServers) {
        this.server = server;
        this.bootstrapServers = bootstrapServers;
    }

    /**
     * Starts the broker on the log in {@code dataDir}, formatting it on first use. Ports are chosen afresh at
     * every start; the services learn them from {@code infra.env}.
     */
    public static EmbeddedKafkaBroker start(Path dataDir) {
        try {
            Path logDir = dataDir.resolve("log");
            Files.createDirectories(logDir);
            String clusterId = clusterId(dataDir.resolve("cluster-id"));
            int brokerPort = freeLoopbackPort();
            int controllerPort = freeLoopbackPort();
            Map<String, Object> settings = new HashMap<>();
            settings.put("process.roles", "broker,controller");
            settings.put("node.id", String.valueOf(NODE_ID));
            settings.put("controller.quorum.voters", NODE_ID + "@" + LOOPBACK + ":" + controllerPort);
            settings.put("listeners", "PLAINTEXT://" + LOOPBACK + ":" + brokerPort
                    + "," + CONTROLLER_LISTENER + "://" + LOOPBACK + ":" + controllerPort);
            settings.put("advertised.listeners", "PLAINTEXT://" + LOOPBACK + ":" + brokerPort);
            settings.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
            settings.put("controller.listener.names", CONTROLLER_LISTENER);
            settings.put("inter.broker.listener.name", "PLAINTEXT");
            settings.put("log.dirs", logDir.toString());
            settings.put("auto.create.topics.enable", "true");
            settings.put("num.partitions", "3");
            settings.put("offsets.topic.replication.factor", "1");
            settings.put("offsets.topic.num.partitions", "10");
            settings.put("transaction.state.log.replication.factor", "1");
            settings.put("transaction.state.log.min.isr", "1");
            settings.put("share.coordinator.state.topic.replication.factor", "1");
            settings.put("share.coordinator.state.topic.min.isr", "1");
            settings.put("group.initial.rebalance.delay.ms", "0");
            if (!Files.exists(logDir.resolve("meta.properties"))) {
                format(logDir, clusterId);
            }
            KafkaRaftServer server = new KafkaRaftServer(new KafkaConfig(settings, false), Time.SYSTEM);
            server.startup();
            String bootstrap = LOOPBACK + ":" + brokerPort;
            awaitReady(bootstrap);
            return new EmbeddedKafkaBroker(server, bootstrap);
        } catch (Exception e) {
            throw new IllegalStateException("embedded Kafka did not start", e);
        }
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
    }

    /** The cluster id the log was formatted with: kept beside it, since a new one would not open the old log. */
    private static String clusterId(Path file) throws IOException {
        if (Files.exists(file)) {
            return Files.readString(file, StandardCharsets.US_ASCII).trim();
        }
        String id = Uuid.randomUuid().toString();
        Files.writeString(file, id + "\n", StandardCharsets.US_ASCII);
        return id;
    }

    private static void format(Path logDir, String clusterId) throws Exception {
        new Formatter()
                .setPrintStream(System.out)
                .setNodeId(NODE_ID)
                .setClusterId(clusterId)
                .setDirectories(List.of(logDir.toString()))
                .setMetadataLogDirectory(logDir.toString())
                .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                .setControllerListenerName(CONTROLLER_LISTENER)
                .run();
    }

    private static int freeLoopbackPort() throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName(LOOPBACK), 0));
            return socket.getLocalPort();
        }
    }

    private static void awaitReady(String bootstrap) throws Exception {
        Properties properties = new Properties();
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(properties)) {
            admin.describeCluster().nodes().get(READY_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }
    }
}
