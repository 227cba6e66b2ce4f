package dev.voiceplatform.webhooks.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.voiceplatform.testing.Eventually;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.webhooks.PublicEvents;
import dev.voiceplatform.webhooks.Receiver;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Retries by the schedule of part 6.1, moved with the test clock; every attempt stored and classified. */
@QuarkusTest
class RetryTest {

    private static final List<Duration> SCHEDULE = List.of(Duration.ofSeconds(30), Duration.ofMinutes(2),
            Duration.ofMinutes(10), Duration.ofMinutes(30), Duration.ofHours(2));

    @Inject
    TestClock clock;

    private final WebhookApi api = new WebhookApi();

    @Test
    void aServerErrorIsRetriedAfterThirtySecondsWithTheSameMessageId() throws Exception {
        try (Receiver receiver = new Receiver().answer("/flaky", 500, 200); PublicEvents events = new PublicEvents()) {
            String webhook = api.subscribe(receiver.url("/flaky"), List.of("lead.created"), null).id();
            events.leadCreated(api.organizationId, null);
            Map<String, Object> first = awaitAttempts(webhook, 1, "pending");
            assertEquals("upstream_5xx", first.get("failure_class"));
            assertEquals(500, first.get("response_status"));
            assertNotNull(first.get("next_attempt_at"));
            Thread.sleep(1_500);
            assertEquals(1, receiver.at("/flaky").size(), "nothing is retried before its time");

            clock.advance(SCHEDULE.get(0));
            Map<String, Object> done = awaitAttempts(webhook, 2, "success");
            assertNull(done.get("failure_class"));
            assertEquals(2, receiver.at("/flaky").size());
            assertEquals(receiver.at("/flaky").get(0).header("X-Webhook-ID"),
                    receiver.at("/flaky").get(1).header("X-Webhook-ID"));
            assertEquals(List.of("upstream_5xx", "success"), attemptClasses((String) done.get("id")));
        }
    }

    @Test
    void aBadRequestIsFinalAfterOneAttempt() throws Exception {
        try (Receiver receiver = new Receiver().answer("/strict", 400); PublicEvents events = new PublicEvents()) {
            String webhook = api.subscribe(receiver.url("/strict"), List.of("lead.created"), null).id();
            events.leadCreated(api.organizationId, null);
            Map<String, Object> failed = awaitAttempts(webhook, 1, "failed");
            assertEquals("validation", failed.get("failure_class"));
            assertNull(failed.get("next_attempt_at"));
            clock.advance(Duration.ofMinutes(5));
            Thread.sleep(2_000);
            assertEquals(1, receiver.at("/strict").size());
            assertEquals(List.of("validation"), attemptClasses((String) failed.get("id")));
        }
    }

    @Test
    void unauthorizedTimeoutAndRateLimitedAnswersAreRetried() throws Exception {
        try (Receiver receiver = new Receiver().answer("/picky", 401, 408, 429, 200);
                PublicEvents events = new PublicEvents()) {
            String webhook = api.subscribe(receiver.url("/picky"), List.of("lead.created"), null).id();
            events.leadCreated(api.organizationId, null);
            awaitAttempts(webhook, 1, "pending");
            for (int attempt = 2; attempt <= 4; attempt++) {
                clock.advance(SCHEDULE.get(attempt - 2));
                awaitAttempts(webhook, attempt, attempt == 4 ? "success" : "pending");
            }
            String delivery = (String) api.deliveries(webhook).get(0).get("id");
            assertEquals(List.of("auth", "rate_limit", "rate_limit", "success"), attemptClasses(delivery));
        }
    }

    @Test
    void aDeliveryIsAbandonedAfterTheLastRetry() throws Exception {
        try (Receiver receiver = new Receiver().answer("/down", 503); PublicEvents events = new PublicEvents()) {
            String webhook = api.subscribe(receiver.url("/down"), List.of("lead.created"), null).id();
            events.leadCreated(api.organizationId, null);
            awaitAttempts(webhook, 1, "pending");
            for (int retry = 0; retry < SCHEDULE.size(); retry++) {
                clock.advance(SCHEDULE.get(retry));
                awaitAttempts(webhook, retry + 2, retry == SCHEDULE.size() - 1 ? "failed" : "pending");
            }
            Map<String, Object> abandoned = api.deliveries(webhook).get(0);
            assertNull(abandoned.get("next_attempt_at"));
            clock.advance(Duration.ofHours(6));
            Thread.sleep(2_000);
            assertEquals(6, receiver.at("/down").size());
            assertEquals(6, attemptClasses((String) abandoned.get("id")).size());
        }
    }

    @Test
    void aReceiverThatHangsPastTheAttemptTimeoutIsATimeout() throws Exception {
        try (Receiver receiver = new Receiver().answer("/slow", Receiver.HANG); PublicEvents events = new PublicEvents()) {
            String webhook = api.subscribe(receiver.url("/slow"), List.of("lead.created"), null).id();
            events.leadCreated(api.organizationId, null);
            Map<String, Object> timedOut = awaitAttempts(webhook, 1, "pending");
            assertEquals("timeout", timedOut.get("failure_class"));
            assertNull(timedOut.get("response_status"));
        }
    }

    @Test
    void refusedAndResetConnectionsAreConnectFailures() throws Exception {
        try (ServerSocket resetting = Receiver.resetting(); PublicEvents events = new PublicEvents()) {
            String refused = api.subscribe("http://127.0.0.1:" + Receiver.refusingPort() + "/hook",
                    List.of("lead.created"), null).id();
            String reset = api.subscribe("http://127.0.0.1:" + resetting.getLocalPort() + "/hook",
                    List.of("lead.created"), null).id();
            events.leadCreated(api.organizationId, null);
            assertEquals("connect", awaitAttempts(refused, 1, "pending").get("failure_class"));
            assertEquals("connect", awaitAttempts(reset, 1, "pending").get("failure_class"));
        }
    }

    @Test
    void aRedirectToAPrivateAddressIsBlockedAndFinal() throws Exception {
        try (Receiver receiver = new Receiver().redirect("/moved", "http://10.20.30.40/hook");
                PublicEvents events = new PublicEvents()) {
            String webhook = api.subscribe(receiver.url("/moved"), List.of("lead.created"), null).id();
            events.leadCreated(api.organizationId, null);
            Map<String, Object> blocked = awaitAttempts(webhook, 1, "failed");
            assertEquals("redirect_blocked", blocked.get("failure_class"));
            assertEquals(1, receiver.at("/moved").size());
        }
    }

    /** Waits until the subscription's one delivery has {@code attempts} attempts and {@code status}. */
    private Map<String, Object> awaitAttempts(String webhook, int attempts, String status) {
        Eventually.check(() -> {
            List<Map<String, Object>> log = api.deliveries(webhook);
            assertEquals(1, log.size());
            assertEquals(attempts, log.get(0).get("attempt_count"));
            assertEquals(status, log.get(0).get("status"));
        });
        return api.deliveries(webhook).get(0);
    }

    /** The stored class of every attempt, in order ("success" for a 2xx). */
    private static List<String> attemptClasses(String delivery) {
        return TestDatabase.query("SELECT coalesce(failure_class, 'success') AS class FROM webhook_attempts "
                        + "WHERE delivery_id = ? ORDER BY attempt", delivery).stream()
                .map(row -> (String) row.get("class")).collect(Collectors.toList());
    }
}
