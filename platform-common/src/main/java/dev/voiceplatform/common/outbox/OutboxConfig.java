package dev.voiceplatform.common.outbox;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Settings of the outbox relay. */
@ConfigMapping(prefix = "platform.outbox")
public interface OutboxConfig {

    /**
     * Whether the relay starts with the service. A service that publishes events sets it (with {@link #topics()});
     * tests that prove recovery leave it off and start the relay by hand.
     */
    @WithDefault("false")
    boolean relayEnabled();

    /** Backstop sweep when no notification arrives (lost notification, listener reconnecting). */
    @WithDefault("5s")
    Duration sweepInterval();

    /** Rows published per transaction. */
    @WithDefault("200")
    int batchSize();

    /** How long a published row is kept before it is deleted. */
    @WithDefault("7d")
    Duration retention();

    /** Topics this service publishes to; created at start when missing. */
    Optional<List<String>> topics();

    /** Partitions of a topic the relay creates. */
    @WithDefault("3")
    int topicPartitions();

    /** Replication factor of a topic the relay creates. */
    @WithDefault("1")
    short topicReplication();
}
