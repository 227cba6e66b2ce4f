package dev.voiceplatform.common.inbox;

import dev.voiceplatform.common.replica.ReplicaIds;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;

/**
 * How a replica's consumers stand in their groups, so their partitions move on within seconds whether the replica
 * stops or is killed.
 *
 * <p>Each consumer is a static member: its {@code group.instance.id} is its group plus the replica's id, the same
 * after a restart, so a replica restarted after a kill -9 takes its partitions back at once instead of waiting for
 * the broker to expire the member it was before. A replica that dies for good is expired after the short session
 * timeout (the broker's {@code group.min.session.timeout.ms}, 6 s by default, is the floor), and one that stops
 * cleanly leaves the group explicitly ({@link #leave}), which a static member does not do by default.
 */
public final class ConsumerGroupMembership {

    private final String replicaId;
    private final Duration sessionTimeout;
    private final Duration heartbeatInterval;

    public ConsumerGroupMembership(String replicaId, Duration sessionTimeout, Duration heartbeatInterval) {
        this.replicaId = legalInstanceIdPart(replicaId);
        this.sessionTimeout = sessionTimeout;
        this.heartbeatInterval = heartbeatInterval;
    }

    /** The replica's settings: its id from the configuration, or this host's name and the service's HTTP port. */
    static ConsumerGroupMembership of(InboxConfig config, int httpPort) {
        String replica = ReplicaIds.of(config.replicaId(), httpPort);
        return new ConsumerGroupMembership(replica, config.sessionTimeout(), config.heartbeatInterval());
    }

    /** The consumer settings of one group: the group id, this replica's stable member id in it, and its timeouts. */
    public Map<String, Object> consumerSettings(String groupId) {
        return Map.of(
                ConsumerConfig.GROUP_ID_CONFIG, groupId,
                ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, groupId + "." + replicaId,
                ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, (int) sessionTimeout.toMillis(),
                ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, (int) heartbeatInterval.toMillis());
    }

    /**
     * Closes the consumer and leaves its group, so the others get its partitions with the next heartbeat rather than
     * after the session timeout. Call it from the thread that polls the consumer.
     */
    public static void leave(Consumer<?, ?> consumer, Duration timeout) {
        consumer.close(CloseOptions.timeout(timeout)
                .withGroupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP));
    }

    /** Kafka takes letters, digits, '.', '_' and '-' in a member id; a host name may hold anything else. */
    private static String legalInstanceIdPart(String value) {
        return value.replaceAll("[^a-zA-Z0-9._-]", "_");
    }
}
