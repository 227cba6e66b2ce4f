package dev.voiceplatform.common.inbox;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** Settings of the inbox consumers. */
@ConfigMapping(prefix = "platform.inbox")
public interface InboxConfig {

    /**
     * How long a processed event id is remembered. Kafka redelivers only what was read after the last committed
     * offset, so a duplicate comes within minutes; a month leaves room for a consumer group reset by hand.
     */
    @WithDefault("30d")
    Duration retention();

    /**
     * This replica's id among the replicas of its service, the same across its restarts and different from every
     * other replica's: it makes each consumer a static member of its group. Unset: this host's name and the service's
     * HTTP port.
     */
    Optional<String> replicaId();

    /**
     * How long the broker waits for a consumer's heartbeat before it hands the consumer's partitions to the others:
     * how long events wait after a replica is killed. The broker refuses less than its group.min.session.timeout.ms.
     */
    @WithDefault("6s")
    Duration sessionTimeout();

    /** How often a consumer tells the broker it lives, and so learns that partitions move: well under the above. */
    @WithDefault("1s")
    Duration heartbeatInterval();
}
