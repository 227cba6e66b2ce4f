package dev.voiceplatform.agents.drafts.rest;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.voiceplatform.agents.drafts.service.DraftLanguage;
import dev.voiceplatform.agents.drafts.service.Industry;
import dev.voiceplatform.agents.drafts.service.PageFetcher;
import dev.voiceplatform.agents.drafts.service.WebsiteReaderTest;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The website wizard against pages served on 127.0.0.2, the one loopback address this profile's outbound
 * allowlist lets through (127.0.0.1 stays refused, so the guard is exercised too).
 */
@QuarkusTest
@TestProfile(DraftFromWebsiteTest.LoopbackSiteAllowed.class)
class DraftFromWebsiteTest {

    static final String SITE_HOST = "127.0.0.2";

    public static class LoopbackSiteAllowed implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("platform.outbound.allow-cidrs", SITE_HOST + "/32",
                    "platform.drafts.fetch-timeout", "2s");
        }
    }

    private static HttpServer site;
    private static final AtomicReference<String> lastUserAgent = new AtomicReference<>();

    @BeforeAll
    static void serveTheSite() throws IOException {
        site = HttpServer.create(new InetSocketAddress(SITE_HOST, 0), 0);
        site.setExecutor(Executors.newFixedThreadPool(4));
        site.createContext("/dental", exchange -> answer(exchange, 200, "text/html; charset=utf-8",
                WebsiteReaderTest.page("bright-smile-dental.html")));
        site.createContext("/salon", exchange -> answer(exchange, 200, "text/html",
                WebsiteReaderTest.page("studio-noa.html")));
        site.createContext("/moved", exchange -> redirect(exchange, "/dental"));
        site.createContext("/to-private", exchange -> redirect(exchange,
                "http://127.0.0.1:" + site.getAddress().getPort() + "/dental"));
        site.createContext("/missing", exchange -> answer(exchange, 404, "text/html", "<h1>Not found</h1>"));
        site.createContext("/broken", exchange -> answer(exchange, 503, "text/html", "<h1>Down</h1>"));
        site.createContext("/brochure.pdf", exchange -> answer(exchange, 200, "application/pdf", "%PDF-1.7"));
        site.createContext("/slow", exchange -> {
            // A site slower than the reader's time limit: the service gives up on it, the test waits for no clock.
            try {
                Thread.sleep(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            answer(exchange, 200, "text/html", "<title>Late</title>");
        });
        site.start();
    }

    @AfterAll
    static void stopTheSite() {
        site.stop(0);
    }

    private static void answer(HttpExchange exchange, int status, String type, String body) throws IOException {
        lastUserAgent.set(exchange.getRequestHeaders().getFirst("User-Agent"));
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static void redirect(HttpExchange exchange, String location) throws IOException {
        exchange.getResponseHeaders().set("Location", location);
        exchange.sendResponseHeaders(302, -1);
        exchange.close();
    }

    private static String url(String path) {
        return "http://" + SITE_HOST + ":" + site.getAddress().getPort() + path;
    }

    private static io.restassured.response.ValidatableResponse fromWebsite(String url, String language) {
        return DraftCalls.newKey().post(DraftCalls.WEBSITE, Map.of("url", url, "language", language));
    }

    @Test
    void readsTheBusinessFactsOfAnEnglishSiteAndCreatesNothing() {
        DraftCalls key = DraftCalls.newKey();
        key.post(DraftCalls.WEBSITE, Map.of("url", url("/dental"), "language", "en"))
                .statusCode(200)
                .body("businessName", equalTo("Bright Smile Dental"))
                .body("description", containsString("family dental practice in Austin"))
                .body("services", contains("Check-ups and cleanings", "Teeth whitening", "Dental implants",
                        "Emergency dental care"))
                .body("businessHours", hasSize(4))
                .body("phoneNumbers", contains("+15124482290"))
                .body("emails", contains("appointments@brightsmiledental.com", "hello@brightsmiledental.com"))
                .body("qAndA", hasSize(4))
                .body("qAndA[0].question", equalTo("Do you accept insurance?"))
                .body("detectedIndustry", equalTo("dental"))
                .body("detectedTone", equalTo("friendly"))
                .body("suggestedGoals", equalTo(Industry.DENTAL.goals(DraftLanguage.EN)))
                .body("prices[0].label", equalTo("New patient exam and X-rays"))
                .body("prices[0].amount", equalTo(95))
                .body("prices[0].currency", equalTo("USD"))
                .body("team[0].name", equalTo("Dr. Sarah Cohen"))
                .body("team[0].role", equalTo("Lead dentist"))
                .body("paymentMethods", contains("credit_card", "cash", "apple_pay", "installments"))
                .body("suggestedVoiceSettings.model", equalTo("engineA-realtime"))
                .body("suggestedVoiceSettings.voice", equalTo("coral"));
        assertEquals(PageFetcher.USER_AGENT, lastUserAgent.get());
        assertEquals(0L, ((Number) TestDatabase.query("SELECT count(*) AS n FROM agents WHERE org_id = ?",
                key.tokens().tenant().organizationId()).get(0).get("n")).longValue());
    }

    @Test
    void readsAHebrewSiteDecodedByItsOwnMetaCharset() {
        fromWebsite(url("/salon"), "he")
                .statusCode(200)
                .body("businessName", equalTo("סטודיו נועה"))
                .body("services", contains("תספורת נשים", "צבע ופסים", "טיפול פנים", "מניקור ג'ל"))
                .body("businessHours", contains("ימים א׳-ה׳: 09:00-19:00", "יום שישי: 08:00-14:00", "שבת: סגור"))
                .body("phoneNumbers", contains("+97236091234", "+972525551234"))
                .body("prices.currency", contains("ILS", "ILS", "ILS"))
                .body("paymentMethods", contains("credit_card", "cash", "bit"))
                .body("detectedIndustry", equalTo("beauty"))
                .body("suggestedGoals", equalTo(Industry.BEAUTY.goals(DraftLanguage.HE)))
                .body("suggestedVoiceSettings.enableNaturalHebrew", equalTo(true));
    }

    @Test
    void followsARedirectToAnAllowedPage() {
        fromWebsite(url("/moved"), "en").statusCode(200).body("businessName", equalTo("Bright Smile Dental"));
    }

    @Test
    void privateLoopbackAndMetadataAddressesAreRefusedOnTheUrlField() {
        for (String refused : List.of("http://127.0.0.1:" + site.getAddress().getPort() + "/dental",
                "http://10.0.0.7/", "http://169.254.169.254/latest/meta-data/", "http://[::1]/",
                "http://2130706433/")) {
            fromWebsite(refused, "en")
                    .statusCode(400)
                    .body("error.code", equalTo("VALIDATION_ERROR"))
                    .body("error.fields.field", contains("url"));
        }
    }

    @Test
    void aRedirectToARefusedAddressIsRefusedToo() {
        fromWebsite(url("/to-private"), "en")
                .statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("url"))
                .body("error.fields[0].reason", containsString("redirect"));
    }

    @Test
    void schemesOtherThanHttpAndUnreadableUrlsAreRefused() {
        for (String refused : List.of("ftp://example.com/", "file:///etc/passwd", "javascript:alert(1)",
                "http://exa mple.com/", "http://user:pass@example.com/")) {
            fromWebsite(refused, "en")
                    .statusCode(400)
                    .body("error.code", equalTo("VALIDATION_ERROR"))
                    .body("error.fields.field", contains("url"));
        }
    }

    @Test
    void aSiteThatAnswersWithAnErrorStatusCannotBeRead() {
        fromWebsite(url("/missing"), "en")
                .statusCode(422)
                .body("error.code", equalTo("INVALID_REQUEST"))
                .body("error.details.failure_class", equalTo("upstream_4xx"))
                .body("error.details.upstream_status", equalTo(404));
        fromWebsite(url("/broken"), "en")
                .statusCode(422)
                .body("error.details.failure_class", equalTo("upstream_5xx"))
                .body("error.details.upstream_status", equalTo(503));
    }

    @Test
    void anAddressThatIsNotAnHtmlPageCannotBeRead() {
        fromWebsite(url("/brochure.pdf"), "en")
                .statusCode(422)
                .body("error.code", equalTo("INVALID_REQUEST"))
                .body("error.details.failure_class", equalTo("not_html"));
    }

    @Test
    void aSiteThatDoesNotAnswerInTimeCannotBeRead() {
        fromWebsite(url("/slow"), "en")
                .statusCode(422)
                .body("error.code", equalTo("INVALID_REQUEST"))
                .body("error.details.failure_class", equalTo("timeout"));
    }

    @Test
    void aSiteNothingListensOnCannotBeRead() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getByName(SITE_HOST))) {
            closedPort = socket.getLocalPort();
        }
        fromWebsite("http://" + SITE_HOST + ":" + closedPort + "/", "en")
                .statusCode(422)
                .body("error.code", equalTo("INVALID_REQUEST"))
                .body("error.details.failure_class", equalTo("connect"));
    }

    @Test
    void aNameThatDoesNotResolveCannotBeRead() {
        fromWebsite("http://no-such-site.invalid/", "en")
                .statusCode(422)
                .body("error.code", equalTo("INVALID_REQUEST"))
                .body("error.details.failure_class", equalTo("dns"));
    }
}
