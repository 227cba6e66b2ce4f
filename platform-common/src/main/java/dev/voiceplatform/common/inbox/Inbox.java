package dev.voiceplatform.common.inbox;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.outbox.OutboxConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs one {@link InboxConsumer} per {@link InboxHandler} bean of the service, from start to shutdown. A service
 * without handlers runs none. Topics a consumer creates get the same partitions as those the outbox relay creates.
 */
@ApplicationScoped
public class Inbox {

    private final Instance<InboxHandler> handlers;
    private final DataSource dataSource;
    private final ObjectMapper objectMapper;
    private final Clock clock;
    private final InboxConfig config;
    private final OutboxConfig topicSettings;
    private final Optional<String> bootstrapServers;
    private final int httpPort;
    private final List<InboxConsumer> consumers = new ArrayList<>();

    public Inbox(Instance<InboxHandler> handlers, DataSource dataSource, ObjectMapper objectMapper, Clock clock,
            InboxConfig config, OutboxConfig topicSettings,
            @ConfigProperty(name = "kafka.bootstrap.servers") Optional<String> bootstrapServers,
            @ConfigProperty(name = "quarkus.http.port", defaultValue = "8080") int httpPort) {
        this.handlers = handlers;
        this.dataSource = dataSource;
        this.objectMapper = objectMapper;
        this.clock = clock;
        this.config = config;
        this.topicSettings = topicSettings;
        this.bootstrapServers = bootstrapServers;
        this.httpPort = httpPort;
    }

    void onStart(@Observes StartupEvent event) {
        start();
    }

    void onStop(@Observes ShutdownEvent event) {
        stop();
    }

    public synchronized void start() {
        if (!consumers.isEmpty() || handlers.isUnsatisfied()) {
            return;
        }
        String bootstrap = bootstrapServers.orElseThrow(() -> new IllegalStateException(
                "kafka.bootstrap.servers must be set for the inbox consumers"));
        ConsumerGroupMembership membership = ConsumerGroupMembership.of(config, httpPort);
        for (InboxHandler handler : handlers) {
            InboxConsumer consumer = new InboxConsumer(handler, dataSource, objectMapper, clock, config.retention(),
                    bootstrap, topicSettings.topicPartitions(), topicSettings.topicReplication(), membership);
            consumer.start();
            consumers.add(consumer);
        }
    }

    /**
     * Stops every consumer; each finishes the event in hand, leaves its group so another replica takes its partitions
     * at once, and leaves the rest to the next start. Observing ShutdownEvent runs this before the datasource closes.
     */
    public synchronized void stop() {
        consumers.forEach(InboxConsumer::stop);
        consumers.clear();
    }
}
