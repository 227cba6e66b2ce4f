package dev.voiceplatform.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.common.events.KafkaTopics;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The inbox's group membership against a real broker: when a replica stops cleanly or is killed, the partitions it
 * held go to another replica within seconds, and a killed replica that comes back resumes its own partitions at once.
 */
class ConsumerGroupMembershipTest {

    private static final Duration ASSIGNMENT_TIMEOUT = Duration.ofSeconds(30);

    private final String bootstrap = SharedInfrastructure.kafkaBootstrap();
    private final String topic = "membership-" + UUID.randomUUID();
    private final String group = "membership-test-" + UUID.randomUUID();
    private final List<AutoCloseable> members = new ArrayList<>();
    private final List<Process> processes = new ArrayList<>();

    @BeforeEach
    void twoPartitions() throws Exception {
        KafkaTopics.ensure(bootstrap, List.of(topic), 2, (short) 1);
    }

    @AfterEach
    void stopMembers() throws Exception {
        processes.forEach(Process::destroyForcibly);
        for (AutoCloseable member : members) {
            member.close();
        }
    }

    @Test
    void aReplicaThatStopsCleanlyHandsItsPartitionsOverWithinAHeartbeatOrTwo() throws Exception {
        GroupMember survivor = member("survivor");
        awaitPartitions(survivor::assignedPartitions, 2, ASSIGNMENT_TIMEOUT);
        GroupMember leaving = member("leaving");
        awaitPartitions(leaving::assignedPartitions, 1, ASSIGNMENT_TIMEOUT);
        awaitPartitions(survivor::assignedPartitions, 1, ASSIGNMENT_TIMEOUT);

        long stopped = System.nanoTime();
        leaving.close();
        Duration handedOver = awaitPartitions(survivor::assignedPartitions, 2, ASSIGNMENT_TIMEOUT);

        // Without leaving the group, a static member's partitions would wait for the whole session timeout.
        assertTrue(handedOver.compareTo(GroupMember.SESSION_TIMEOUT.dividedBy(2)) < 0,
                "partitions moved " + handedOver.toMillis() + " ms after a clean stop");
        System.out.printf("clean stop: partitions moved after %d ms%n", elapsedSince(stopped).toMillis());
    }

    @Test
    void aKilledReplicasPartitionsMoveWithinTheSessionTimeout() throws Exception {
        GroupMember survivor = member("survivor");
        awaitPartitions(survivor::assignedPartitions, 2, ASSIGNMENT_TIMEOUT);
        AtomicInteger killedHolds = new AtomicInteger();
        Process killed = memberProcess("killed", killedHolds);
        awaitPartitions(killedHolds::get, 1, ASSIGNMENT_TIMEOUT);
        awaitPartitions(survivor::assignedPartitions, 1, ASSIGNMENT_TIMEOUT);

        long kill = System.nanoTime();
        killed.destroyForcibly(); // SIGKILL: no leave, no more heartbeats
        Duration movedAfter = awaitPartitions(survivor::assignedPartitions, 2, ASSIGNMENT_TIMEOUT);

        // The broker notices at the session timeout; the survivor learns it at its next heartbeat and rejoins.
        Duration limit = GroupMember.SESSION_TIMEOUT.plus(GroupMember.HEARTBEAT_INTERVAL.multipliedBy(3));
        assertTrue(movedAfter.compareTo(limit) < 0,
                "partitions moved " + movedAfter.toMillis() + " ms after the kill, limit " + limit.toMillis() + " ms");
        System.out.printf("kill -9: partitions moved after %d ms%n", elapsedSince(kill).toMillis());
    }

    @Test
    void aKilledReplicaThatComesBackResumesItsPartitionsWithoutWaitingForItsOldSession() throws Exception {
        AtomicInteger survivorLowest = new AtomicInteger(Integer.MAX_VALUE);
        AtomicInteger survivorHighestAfterKill = new AtomicInteger();
        AtomicInteger killedAlready = new AtomicInteger();
        GroupMember survivor = member("survivor", partitions -> {
            if (killedAlready.get() == 1) {
                survivorHighestAfterKill.accumulateAndGet(partitions, Math::max);
            }
            survivorLowest.accumulateAndGet(partitions, Math::min);
        });
        awaitPartitions(survivor::assignedPartitions, 2, ASSIGNMENT_TIMEOUT);
        AtomicInteger killedHolds = new AtomicInteger();
        Process killed = memberProcess("restarted", killedHolds);
        awaitPartitions(killedHolds::get, 1, ASSIGNMENT_TIMEOUT);
        awaitPartitions(survivor::assignedPartitions, 1, ASSIGNMENT_TIMEOUT);

        killedAlready.set(1);
        long kill = System.nanoTime();
        killed.destroyForcibly();
        killed.waitFor();
        GroupMember restarted = member("restarted");
        Duration resumedAfter = awaitPartitions(restarted::assignedPartitions, 1, ASSIGNMENT_TIMEOUT);

        // The same member id replaces the dead member at once: no rebalance, so nothing waits for its session.
        assertTrue(resumedAfter.compareTo(GroupMember.SESSION_TIMEOUT) < 0,
                "the restarted replica resumed " + resumedAfter.toMillis() + " ms after the kill");
        assertEquals(0, survivorHighestAfterKill.get(), "the survivor's partitions did not change meanwhile");
        assertEquals(1, survivor.assignedPartitions());
        System.out.printf("kill -9 and restart: partitions resumed after %d ms%n", elapsedSince(kill).toMillis());
    }

    private GroupMember member(String replicaId) {
        return member(replicaId, partitions -> { });
    }

    private GroupMember member(String replicaId, java.util.function.IntConsumer onAssignmentChange) {
        GroupMember member = new GroupMember(bootstrap, topic, group, replicaId, onAssignmentChange);
        members.add(member);
        return member;
    }

    /** A member in a JVM of its own, so the test can kill it as kill -9 kills a service. */
    private Process memberProcess(String replicaId, AtomicInteger holds) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                GroupMember.class.getName(), bootstrap, topic, group, replicaId)
                .redirectErrorStream(true)
                .start();
        processes.add(process);
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (line.startsWith("ASSIGNED ")) {
                        holds.set(Integer.parseInt(line.substring("ASSIGNED ".length()).trim()));
                    }
                }
            } catch (Exception e) {
                // The process was killed.
            }
        }, "member-process-" + replicaId);
        reader.setDaemon(true);
        reader.start();
        return process;
    }

    /** How long it took until the member held that many partitions; fails when it never does. */
    private static Duration awaitPartitions(IntSupplier assigned, int expected, Duration timeout)
            throws InterruptedException {
        long start = System.nanoTime();
        while (assigned.getAsInt() != expected) {
            if (elapsedSince(start).compareTo(timeout) > 0) {
                throw new AssertionError("expected " + expected + " partitions, held " + assigned.getAsInt()
                        + " after " + timeout);
            }
            Thread.sleep(10);
        }
        return elapsedSince(start);
    }

    private static Duration elapsedSince(long start) {
        return Duration.ofNanos(System.nanoTime() - start);
    }
}
