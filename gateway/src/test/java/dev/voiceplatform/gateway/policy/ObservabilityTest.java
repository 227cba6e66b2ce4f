package dev.voiceplatform.gateway.policy;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.UpstreamStub;
import dev.voiceplatform.testing.TestClock;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.MalformedURLException;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import org.jboss.logmanager.ExtLogRecord;
import org.jboss.logmanager.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Metrics by route template, policy counters, health checks (all on the management port, none on the public one), and
 * the correlation id on every log line.
 */
@QuarkusTest
class ObservabilityTest {

    private static final String AGENT = "0199a000-0000-7000-8000-000000000001";

    @Inject
    TestClock clock;

    /** The management interface, on a port of its own. */
    @TestHTTPResource(value = "/", management = true)
    URL management;

    @BeforeEach
    void stub() {
        UpstreamStub.start();
        UpstreamStub.reset();
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    private String onManagementPort(String path) {
        try {
            return new URL(management, path).toString();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(path, e);
        }
    }

    private String metrics() {
        return given().get(onManagementPort("/q/metrics")).then().statusCode(200).extract().asString();
    }

    @Test
    void requestsAreTimedByRouteTemplateMethodAndStatus() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        for (int i = 0; i < 3; i++) {
            given().header("X-API-Key", key.key()).get("/v1/agents/{id}", AGENT + i).then().statusCode(200);
        }
        given().header("X-API-Key", key.key()).get("/v1/nowhere").then().statusCode(404);
        String metrics = metrics();
        assertTrue(metrics.contains("gateway_requests_seconds_count{method=\"GET\",route=\"/agents/{id}\",status=\"200\"}"),
                metrics);
        assertTrue(metrics.contains("gateway_requests_seconds_bucket{method=\"GET\",route=\"/agents/{id}\",status=\"200\",le="),
                "a latency histogram");
        assertTrue(metrics.contains("gateway_requests_seconds_count{method=\"GET\",route=\"none\",status=\"404\"}"));
        assertFalse(metrics.contains(AGENT), "raw paths never become tags");
    }

    @Test
    void refusalsAndReplaysAreCounted() {
        // One minute into an hour, so the hundred requests all fall in one window.
        Instant now = clock.instant();
        clock.advance(Duration.between(now, now.truncatedTo(ChronoUnit.HOURS).plus(Duration.ofHours(1)).plusSeconds(60)));
        Admin.Key trial = Admin.keyFor("trial", "agents:read");
        for (int i = 0; i < 100; i++) {
            given().header("X-API-Key", trial.key()).get("/v1/me").then().statusCode(200);
        }
        given().header("X-API-Key", trial.key()).get("/v1/me").then().statusCode(429);
        assertTrue(metrics().contains("gateway_rate_limit_refusals_total{tier=\"free\",window=\"hour\"}"));

        Admin.Key writer = Admin.keyFor("pro", "agents:write");
        for (int i = 0; i < 2; i++) {
            given().header("X-API-Key", writer.key()).header("Idempotency-Key", "metrics-" + writer.id())
                    .contentType("application/json").body("{}").post("/v1/agents").then().statusCode(200);
        }
        assertTrue(metrics().contains("gateway_idempotency_replays_total{route=\"/agents\"}"));
    }

    @Test
    void readinessIncludesTheDatabasesAndLivenessAnswers() {
        given().get(onManagementPort("/q/health/ready"))
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem(containsString("Reactive PostgreSQL connections health check")));
        String ready = given().get(onManagementPort("/q/health/ready")).then().extract().asString();
        assertTrue(ready.contains("rate-limits") && ready.contains("idempotency") && ready.contains("<default>"), ready);
        given().get(onManagementPort("/q/health/live")).then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void thePublicPortServesNeitherHealthNorMetrics() {
        for (String path : List.of("/q/health", "/q/health/ready", "/q/health/live", "/q/metrics")) {
            given().get(path).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
            given().get(onManagementPort(path)).then().statusCode(200);
        }
    }

    @Test
    void everyLineARequestLogsCarriesItsCorrelationId() {
        List<ExtLogRecord> records = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                ExtLogRecord extended = (ExtLogRecord) record;
                // The logging context is read on the thread that logged, not later on the test's.
                extended.copyAll();
                records.add(extended);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(capture);
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        UpstreamStub.stop();
        try {
            given().header("X-API-Key", key.key()).header("X-Correlation-ID", "log-check:42")
                    .get("/v1/agents").then().statusCode(503);
        } finally {
            UpstreamStub.start();
            root.removeHandler(capture);
        }
        List<ExtLogRecord> forwarding = records.stream()
                .filter(record -> record.getLoggerName().endsWith("ServiceForwarder")).toList();
        assertFalse(forwarding.isEmpty(), "the failed forwarding is logged");
        for (ExtLogRecord record : forwarding) {
            assertEquals("log-check:42", record.getMdc("correlation_id"), record.getFormattedMessage());
        }
    }
}
