package dev.voiceplatform.gateway.policy;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.gateway.support.Admin;
import dev.voiceplatform.gateway.support.LogCapture;
import dev.voiceplatform.gateway.support.StoreProxy;
import dev.voiceplatform.gateway.support.StoreProxyPort;
import dev.voiceplatform.gateway.support.UpstreamStub;
import dev.voiceplatform.testing.Eventually;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.MalformedURLException;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.logmanager.ExtLogRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The gateway's databases cut off (every connection closed, new ones refused) and given back: requests and the admin
 * API answer 503, never 500; the log holds a line per kind of failure, no stack traces and no second failure of a
 * finished statement; readiness goes down with the databases and comes back within a second of them.
 */
@QuarkusTest
@TestProfile(StoreOutageTest.ThroughProxy.class)
class StoreOutageTest {

    private static final int REQUESTS_DURING_OUTAGE = 40;

    public static class ThroughProxy implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(StoreProxyPort.class));
        }

        @Override
        public Map<String, String> getConfigOverrides() {
            // The cache would answer known keys without the database; every request is to need it here.
            return Map.of("platform.credential-cache.enabled", "false");
        }
    }

    /** Readiness answers on the management interface only (whose injected URL already ends in its root, /q/). */
    @TestHTTPResource(value = "/", management = true)
    URL management;

    private String readiness() {
        try {
            return new URL(management, "/q/health/ready").toString();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @BeforeEach
    void up() {
        StoreProxy.restore();
        UpstreamStub.start();
        UpstreamStub.reset();
    }

    @AfterEach
    void restore() {
        StoreProxy.restore();
    }

    @Test
    void anOutageAnswers503AndLogsOneLinePerKindOfFailure() {
        Admin.Key key = Admin.keyFor("pro", "agents:read");
        given().header("X-API-Key", key.key()).get("/v1/agents").then().statusCode(200);
        given().get(readiness()).then().statusCode(200);

        List<ExtLogRecord> lines;
        long outageStarted = System.nanoTime();
        try (LogCapture logs = new LogCapture()) {
            StoreProxy.cut();
            for (int i = 0; i < REQUESTS_DURING_OUTAGE; i++) {
                given().header("X-API-Key", key.key()).header("Service-Version", "2026-08-06").get("/v1/agents")
                        .then().statusCode(503)
                        .body("error.code", equalTo("SERVICE_UNAVAILABLE"))
                        .body("error.hint", equalTo("Retry shortly."));
            }
            Admin.admin().get("/admin/organizations")
                    .then().statusCode(503)
                    .body("error.code", equalTo("SERVICE_UNAVAILABLE"));
            given().get(readiness()).then().statusCode(503);
            given().get(readiness()).then().statusCode(503);
            lines = logs.records();
        }
        long outageSeconds = Duration.ofNanos(System.nanoTime() - outageStarted).toSeconds();

        List<String> stackTraces = lines.stream().filter(line -> line.getThrown() != null)
                .map(line -> line.getLoggerName() + ": " + line.getFormattedMessage() + " / " + line.getThrown())
                .toList();
        assertEquals(List.of(), stackTraces, "no stack traces for a database outage");
        assertTrue(lines.stream().noneMatch(line -> line.getFormattedMessage().contains("already complete")),
                "no statement failed twice");
        long keyLookupLines = lines.stream()
                .filter(line -> line.getFormattedMessage().startsWith("API keys cannot be looked up")).count();
        // One line, then one more per interval the outage lasted (however slowly the requests ran).
        assertTrue(keyLookupLines >= 1 && keyLookupLines <= 1 + outageSeconds / 10,
                keyLookupLines + " lines for " + REQUESTS_DURING_OUTAGE + " failed key lookups in " + outageSeconds + " s");
        assertTrue(lines.size() < REQUESTS_DURING_OUTAGE / 2, "a few lines, not one per request: " + lines.size());

        StoreProxy.restore();
        long restored = System.nanoTime();
        Eventually.check(() -> given().get(readiness()).then().statusCode(200));
        Duration back = Duration.ofNanos(System.nanoTime() - restored);
        assertTrue(back.compareTo(Duration.ofSeconds(1)) <= 0, "ready again after " + back);
        given().header("X-API-Key", key.key()).get("/v1/agents").then().statusCode(200);
    }
}
