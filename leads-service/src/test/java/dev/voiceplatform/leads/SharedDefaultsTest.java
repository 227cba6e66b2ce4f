package dev.voiceplatform.leads;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.MalformedURLException;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * The defaults of platform-common's {@code META-INF/microprofile-config.properties} reach the service, whose own
 * application.properties no longer lists them (the 401 in the envelope, proactive authentication off, is asserted by
 * {@code LeadCreateTest}).
 */
@QuarkusTest
class SharedDefaultsTest {

    /** The management interface, on a port of its own. */
    @TestHTTPResource(value = "/", management = true)
    URL management;

    private String onManagementPort(String path) {
        try {
            return new URL(management, path).toString();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(path, e);
        }
    }

    @Test
    void readinessIncludesTheKafkaCheck() {
        given().get(onManagementPort("/q/health/ready")).then().statusCode(200)
                .body("checks.name", hasItem(containsString("Kafka")));
    }

    @Test
    void healthAndMetricsAnswerOnTheManagementPortOnly() {
        for (String path : List.of("/q/health", "/q/health/ready", "/q/metrics")) {
            given().get(path).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
            given().get(onManagementPort(path)).then().statusCode(200);
        }
    }

    @Test
    void theOutboxAndInboxMigrationsRanBesideTheServiceOwn() {
        Map<String, Object> tables = TestDatabase.query("SELECT to_regclass('outbox_event')::text AS outbox, "
                + "to_regclass('processed_event')::text AS inbox, to_regclass('leads')::text AS own").get(0);

        assertEquals("outbox_event", tables.get("outbox"));
        assertEquals("processed_event", tables.get("inbox"));
        assertEquals("leads", tables.get("own"));
    }

    /**
     * A head as large as the gateway's decoder lets through (a request line of 8192 characters, 40 KB of headers),
     * plus the internal token, is read by the service and answered by it, not refused by its HTTP decoder.
     */
    @Test
    void aRequestHeadAsLargeAsTheGatewayForwardsIsReadByTheService() {
        String longQuery = "a".repeat(8192);
        given().header("Authorization", TestTokens.forOrganization(UUID.randomUUID()).scopes("leads:read").bearer())
                .header("Accept-Language", "en".repeat(20 * 1024))
                .get("/leads?q=" + longQuery)
                .then().statusCode(200);
    }

    @Test
    void logLinesCarryTheCorrelationIdAndKafkaClientsSpeakOnlyAtWarn() {
        var config = ConfigProvider.getConfig();

        assertTrue(config.getValue("quarkus.log.console.format", String.class).contains("%X{correlation_id}"));
        assertEquals("WARN", config.getValue("quarkus.log.category.\"org.apache.kafka\".level", String.class));
    }
}
