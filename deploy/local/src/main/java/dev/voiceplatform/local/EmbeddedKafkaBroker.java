package dev.voiceplatform.local;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/** A single-node KRaft Kafka broker running inside this JVM. */
public final class EmbeddedKafkaBroker implements AutoCloseable {

    private final KafkaClusterTestKit cluster;

    private EmbeddedKafkaBroker(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    public static EmbeddedKafkaBroker start() {
        try {
            KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1)
                    .build())
                    .setConfigProp("auto.create.topics.enable", "true")
                    .setConfigProp("num.partitions", "3")
                    .setConfigProp("offsets.topic.replication.factor", "1")
                    .setConfigProp("transaction.state.log.replication.factor", "1")
                    .setConfigProp("transaction.state.log.min.isr", "1")
                    .setConfigProp("group.initial.rebalance.delay.ms", "0")
                    .build();
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            return new EmbeddedKafkaBroker(cluster);
        } catch (Exception e) {
            throw new IllegalStateException("embedded Kafka did not start", e);
        }
    }

    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    @Override
    public void close() {
        try {
            cluster.close();
        } catch (Exception e) {
            throw new IllegalStateException("embedded Kafka did not stop cleanly", e);
        }
    }
}
