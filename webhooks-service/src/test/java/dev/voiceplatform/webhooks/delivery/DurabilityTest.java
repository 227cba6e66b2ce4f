package dev.voiceplatform.webhooks.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.webhooks.PublicEvents;
import dev.voiceplatform.webhooks.Receiver;
import dev.voiceplatform.webhooks.config.WebhooksConfig;
import dev.voiceplatform.webhooks.delivery.repository.DeliveryRepository;
import dev.voiceplatform.webhooks.delivery.service.DeliveryAttempts;
import dev.voiceplatform.webhooks.delivery.service.DeliveryWorker;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Deliveries live in the database, not in a worker: a worker started after a retry was scheduled sends it at its
 * time, a claim left by a worker that died is taken over once its lease runs out, and several workers on one
 * database (as several replicas run) send every delivery exactly once. The application's own worker is stopped for
 * each test; the workers here are built as the application builds its own.
 */
@QuarkusTest
class DurabilityTest {

    @Inject
    TestClock clock;

    @Inject
    DeliveryWorker applicationWorker;

    @Inject
    Pool pool;

    @Inject
    DataSource dataSource;

    @Inject
    DeliveryRepository deliveries;

    @Inject
    DeliveryAttempts attempts;

    @Inject
    WebhooksConfig config;

    private final WebhookApi api = new WebhookApi();
    private final List<DeliveryWorker> replicas = new ArrayList<>();

    @BeforeEach
    void stopTheApplicationWorker() {
        applicationWorker.stop();
    }

    @AfterEach
    void restartTheApplicationWorker() {
        replicas.forEach(DeliveryWorker::stop);
        applicationWorker.start();
    }

    @Test
    void aRetryScheduledBeforeARestartIsSentByTheNextWorkerAtItsTimeOnce() throws Exception {
        try (Receiver receiver = new Receiver().answer("/flaky", 500, 200); PublicEvents events = new PublicEvents()) {
            applicationWorker.start();
            String webhook = api.subscribe(receiver.url("/flaky"), List.of("lead.created"), null).id();
            events.leadCreated(api.organizationId, null);
            Eventually.check(() -> {
                Map<String, Object> delivery = onlyDelivery(webhook);
                assertEquals(1, delivery.get("attempt_count"));
                assertEquals("pending", delivery.get("status"));
            });
            applicationWorker.stop();
            Instant due = Instant.parse((String) onlyDelivery(webhook).get("next_attempt_at"));

            DeliveryWorker restarted = replica(config);
            restarted.start();
            clock.advance(Duration.between(clock.instant(), due).minusSeconds(3));
            Thread.sleep(1_500);
            assertEquals(1, receiver.at("/flaky").size(), "the retry is not sent before its time");

            clock.advance(Duration.ofSeconds(4));
            Eventually.check(() -> assertEquals("success", onlyDelivery(webhook).get("status")));
            Thread.sleep(1_500);
            List<Receiver.Request> arrived = receiver.at("/flaky");
            assertEquals(2, arrived.size(), "the first attempt and one retry");
            assertEquals(arrived.get(0).header("X-Webhook-ID"), arrived.get(1).header("X-Webhook-ID"));
            assertEquals(2, onlyDelivery(webhook).get("attempt_count"));
        }
    }

    @Test
    void aDeliveryClaimedByAWorkerThatDiedIsTakenOverWhenItsLeaseRunsOutAndSentOnce() throws Exception {
        try (Receiver receiver = new Receiver(); PublicEvents events = new PublicEvents()) {
            String webhook = api.subscribe(receiver.url("/orphan"), List.of("lead.created"), null).id();
            events.leadCreated(api.organizationId, null);
            Eventually.check(() -> assertEquals(1, api.deliveries(webhook).size()));

            // The worker that dies claims the delivery as every worker does, then never sends it nor lets it go.
            Instant claimedAt = clock.instant();
            List<DeliveryRepository.Claimed> claimed = deliveries.claimDue(pool, claimedAt, config.worker().lease(),
                    1_000).await().atMost(Duration.ofSeconds(10));
            String deliveryId = (String) api.deliveries(webhook).get(0).get("id");
            assertTrue(claimed.stream().anyMatch(delivery -> delivery.id().equals(deliveryId)));

            DeliveryWorker survivor = replica(config);
            survivor.start();
            Instant leaseEnds = claimedAt.plus(config.worker().lease());
            clock.advance(Duration.between(clock.instant(), leaseEnds).minusSeconds(3));
            Thread.sleep(1_500);
            assertEquals(0, receiver.at("/orphan").size(), "a claim is not taken over while its lease holds");

            clock.advance(Duration.ofSeconds(4));
            Eventually.check(() -> assertEquals("success", onlyDelivery(webhook).get("status")));
            Thread.sleep(1_500);
            assertEquals(1, receiver.at("/orphan").size());
            assertEquals(deliveryId, receiver.at("/orphan").get(0).header("X-Webhook-ID"));
            assertEquals(1, onlyDelivery(webhook).get("attempt_count"));
        }
    }

    @Test
    void twoWorkersOnOneDatabaseSendEveryDeliveryAndEveryRetryExactlyOnce() throws Exception {
        int subscriptionCount = 20;
        int eventCount = 10;
        try (Receiver receiver = new Receiver(); PublicEvents events = new PublicEvents()) {
            List<String> paths = new ArrayList<>();
            for (int i = 0; i < subscriptionCount; i++) {
                String path = "/replica-" + i;
                paths.add(path);
                boolean flaky = i % 2 == 0;
                receiver.answer(path, flaky ? new Integer[] {500, 200} : new Integer[] {200});
                api.subscribe(receiver.url(path), List.of("lead.created"), null);
            }
            for (int i = 0; i < eventCount; i++) {
                events.leadCreated(api.organizationId, null);
            }
            int total = subscriptionCount * eventCount;
            Eventually.check(() -> assertEquals((long) total, countDeliveries("pending")));

            // Small batches, so the two workers claim turn about from the same due rows.
            WebhooksConfig smallBatches = withBatchSize(config, 7);
            replica(smallBatches).start();
            replica(smallBatches).start();

            // Every flaky path fails the first request it gets, whichever event it carries, so exactly one
            // delivery per flaky subscription is left to retry.
            int retries = subscriptionCount / 2;
            Eventually.check(() -> {
                assertEquals((long) total - retries, countDeliveries("success"));
                assertEquals((long) retries, countDeliveries("pending"));
            });
            clock.advance(Duration.ofSeconds(31));
            Eventually.check(() -> assertEquals((long) total, countDeliveries("success")));
            Thread.sleep(2_000);

            List<Receiver.Request> arrived = new ArrayList<>();
            paths.forEach(path -> arrived.addAll(receiver.at(path)));
            Map<String, Long> perMessage = arrived.stream()
                    .collect(Collectors.groupingBy(request -> request.header("X-Webhook-ID"), Collectors.counting()));
            assertEquals(total, perMessage.size(), "every delivery arrived");
            assertEquals(total + retries, arrived.size(), "each delivery once, and each retried one once more");
            assertEquals((long) retries, perMessage.values().stream().filter(count -> count == 2).count());
            assertTrue(perMessage.values().stream().allMatch(count -> count <= 2), "nothing arrived twice too many");
            List<Map<String, Object>> attemptsPerDelivery = TestDatabase.query("SELECT d.attempt_count, "
                    + "count(a.attempt) AS stored FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id "
                    + "= d.id WHERE d.org_id = ? GROUP BY d.id, d.attempt_count", api.organizationId);
            assertEquals(total, attemptsPerDelivery.size());
            attemptsPerDelivery.forEach(row -> assertEquals(((Number) row.get("attempt_count")).longValue(),
                    ((Number) row.get("stored")).longValue(), "one stored attempt per request sent"));
        }
    }

    /** A delivery worker built as the application builds its own, as another replica would run it. */
    private DeliveryWorker replica(WebhooksConfig workerConfig) {
        DeliveryWorker worker = new DeliveryWorker(pool, dataSource, deliveries, attempts, workerConfig, clock);
        replicas.add(worker);
        return worker;
    }

    private Map<String, Object> onlyDelivery(String webhook) {
        List<Map<String, Object>> log = api.deliveries(webhook);
        assertEquals(1, log.size());
        return log.get(0);
    }

    private long countDeliveries(String status) {
        return ((Number) TestDatabase.query("SELECT count(*) AS n FROM webhook_deliveries WHERE org_id = ? AND "
                + "status = ?", api.organizationId, status).get(0).get("n")).longValue();
    }

    /** The service's settings with another worker batch size. */
    private static WebhooksConfig withBatchSize(WebhooksConfig base, int batchSize) {
        WebhooksConfig.Worker worker = base.worker();
        WebhooksConfig.Worker smallBatches = new WebhooksConfig.Worker() {
            @Override
            public boolean enabled() {
                return true;
            }

            @Override
            public int batchSize() {
                return batchSize;
            }

            @Override
            public int maxInFlight() {
                return worker.maxInFlight();
            }

            @Override
            public Duration lease() {
                return worker.lease();
            }

            @Override
            public Duration sweepInterval() {
                return worker.sweepInterval();
            }
        };
        return new WebhooksConfig() {
            @Override
            public List<Duration> retrySchedule() {
                return base.retrySchedule();
            }

            @Override
            public Duration attemptTimeout() {
                return base.attemptTimeout();
            }

            @Override
            public int pauseAfterFailures() {
                return base.pauseAfterFailures();
            }

            @Override
            public int maxSubscriptionsPerOrganization() {
                return base.maxSubscriptionsPerOrganization();
            }

            @Override
            public int replaysPerWebhookPerDay() {
                return base.replaysPerWebhookPerDay();
            }

            @Override
            public int replaysPerOrganizationPerDay() {
                return base.replaysPerOrganizationPerDay();
            }

            @Override
            public Worker worker() {
                return smallBatches;
            }
        };
    }
}
