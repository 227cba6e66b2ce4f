package dev.voiceplatform.testing;

import dev.voiceplatform.common.inbox.ConsumerGroupMembership;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * One member of a consumer group with the inbox's membership settings, polling on a thread of its own as the inbox
 * does. Run as a program, it is a replica the test can kill -9: it prints {@code ASSIGNED n} whenever its partitions
 * change.
 */
final class GroupMember implements AutoCloseable {

    static final Duration SESSION_TIMEOUT = Duration.ofSeconds(6);
    static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(1);

    private final KafkaConsumer<String, String> consumer;
    private final AtomicInteger assigned = new AtomicInteger();
    private final Thread poller;
    private volatile boolean running = true;

    GroupMember(String bootstrap, String topic, String group, String replicaId, IntConsumer onAssignmentChange) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        properties.putAll(new ConsumerGroupMembership(replicaId, SESSION_TIMEOUT, HEARTBEAT_INTERVAL)
                .consumerSettings(group));
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        consumer = new KafkaConsumer<>(properties);
        poller = new Thread(() -> poll(topic, onAssignmentChange), "group-member-" + replicaId);
        poller.setDaemon(true);
        poller.start();
    }

    int assignedPartitions() {
        return assigned.get();
    }

    private void poll(String topic, IntConsumer onAssignmentChange) {
        try {
            consumer.subscribe(List.of(topic), new ConsumerRebalanceListener() {
                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                    onAssignmentChange.accept(assigned.addAndGet(-partitions.size()));
                }

                @Override
                public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                    onAssignmentChange.accept(assigned.addAndGet(partitions.size()));
                }

                @Override
                public void onPartitionsLost(Collection<TopicPartition> partitions) {
                    onPartitionsRevoked(partitions);
                }
            });
            while (running) {
                consumer.poll(Duration.ofMillis(100));
            }
        } catch (WakeupException e) {
            // close() woke the poll.
        } finally {
            // The inbox's clean stop: closed by the thread that polls it, leaving the group.
            ConsumerGroupMembership.leave(consumer, Duration.ofSeconds(5));
        }
    }

    /** Stops polling and leaves the group, as a replica that shuts down cleanly does. */
    @Override
    public void close() throws InterruptedException {
        running = false;
        consumer.wakeup();
        poller.join(Duration.ofSeconds(10).toMillis());
    }

    /** A replica to kill: arguments bootstrap, topic, group, replica id. */
    public static void main(String[] arguments) throws InterruptedException {
        new GroupMember(arguments[0], arguments[1], arguments[2], arguments[3], partitions -> {
            System.out.println("ASSIGNED " + partitions);
            System.out.flush();
        });
        Thread.currentThread().join();
    }
}
