package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The three drafting wizards of part 4.2 through the gateway, with no language model configured: the website one
 * reads a page this test serves on loopback (let through by the platform's test allowlist), the questionnaire
 * answers from the template, nothing is created, and the sixth call of a minute is refused.
 */
class AgentDraftsTest {

    private static final String PAGE = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <title>Home | Harbor Yoga Studio</title>
            <meta name="description" content="Harbor Yoga Studio offers yoga and pilates classes for every level in Seattle.">
            </head><body>
            <h1>Harbor Yoga Studio</h1>
            <h2>Our Services</h2>
            <ul><li>Vinyasa yoga</li><li>Mat pilates</li><li>Private sessions</li></ul>
            <h2>Hours</h2>
            <p>Monday - Friday: 6:00 am - 9:00 pm</p>
            <p>Saturday: 8:00 am - 2:00 pm</p>
            <h2>Prices</h2>
            <p>Drop-in class: $25</p>
            <h2>FAQ</h2>
            <h3>Do I need my own mat?</h3>
            <p>No, mats are free to use at the studio.</p>
            <p>Call <a href="tel:+12064482290">(206) 448-2290</a> or email <a href="mailto:hello@harboryoga.example">us</a>.</p>
            <p>We accept credit cards and cash.</p>
            </body></html>
            """;

    private static HttpServer site;

    @BeforeAll
    static void serveTheSite() throws IOException {
        site = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        site.createContext("/", exchange -> {
            byte[] body = PAGE.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        site.start();
    }

    @AfterAll
    static void stopTheSite() {
        site.stop(0);
    }

    private static String siteUrl() {
        return "http://127.0.0.1:" + site.getAddress().getPort() + "/";
    }

    @Test
    void theWebsiteWizardReadsTheBusinessFactsOfAPage() {
        String key = TestOrganization.create("e2e-drafts-site").fullKey();
        withKey(key).body(Map.of("url", siteUrl(), "language", "en"))
                .post("/agents/drafts/from-website")
                .then().statusCode(200)
                .body("businessName", equalTo("Harbor Yoga Studio"))
                .body("description", equalTo("Harbor Yoga Studio offers yoga and pilates classes for every level in Seattle."))
                .body("services", contains("Vinyasa yoga", "Mat pilates", "Private sessions"))
                .body("businessHours", contains("Monday - Friday: 6:00 am - 9:00 pm", "Saturday: 8:00 am - 2:00 pm"))
                .body("emails", contains("hello@harboryoga.example"))
                .body("qAndA", hasSize(1))
                .body("qAndA[0].question", equalTo("Do I need my own mat?"))
                .body("qAndA[0].answer", equalTo("No, mats are free to use at the studio."))
                .body("prices[0].amount", equalTo(25))
                .body("prices[0].currency", equalTo("USD"))
                .body("team", hasSize(0))
                .body("paymentMethods", contains("credit_card", "cash"))
                .body("detectedIndustry", equalTo("fitness"))
                .body("suggestedGoals", hasSize(3))
                .body("suggestedVoiceSettings.model", equalTo("engineA-realtime"));
        withKey(key).get("/agents").then().statusCode(200).body("pagination.total", equalTo(0));
    }

    @Test
    void theWebsiteWizardRefusesAPrivateAddress() {
        String key = TestOrganization.create("e2e-drafts-private").fullKey();
        withKey(key).body(Map.of("url", "http://10.1.2.3/", "language", "en"))
                .post("/agents/drafts/from-website")
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("url"));
    }

    @Test
    void theDescriptionWizardReadsTheFactsOfAText() {
        String key = TestOrganization.create("e2e-drafts-description").fullKey();
        withKey(key).body(Map.of("description", "אנחנו \"פיצה רומא\", פיצרייה משפחתית בחיפה. "
                        + "אנו מציעים פיצות בתנור אבן, פסטות טריות וקינוחים. להזמנות: 04-8123456", "language", "he"))
                .post("/agents/drafts/from-description")
                .then().statusCode(200)
                .body("businessName", equalTo("פיצה רומא"))
                .body("services", contains("פיצות בתנור אבן", "פסטות טריות", "קינוחים"))
                .body("phoneNumbers", contains("+97248123456"))
                .body("emails", hasSize(0))
                .body("detectedIndustry", equalTo("restaurant"))
                .body("detectedTone", notNullValue());
        withKey(key).body(Map.of("description", "too short"))
                .post("/agents/drafts/from-description")
                .then().statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields[0].field", equalTo("description"));
    }

    @Test
    void theQuestionnaireWritesAnAgentThatCreateAccepts() {
        String key = TestOrganization.create("e2e-drafts-questionnaire").fullKey();
        ExtractableResponse<Response> draft = withKey(key)
                .body(Map.of("businessName", "Harbor Yoga Studio", "primaryLanguage", "en", "industry", "fitness",
                        "goals", List.of("Book trial classes"), "tone", "friendly", "responseLength", "short",
                        "callDirection", "inbound"))
                .post("/agents/drafts/from-questionnaire")
                .then().statusCode(200)
                .body("name", equalTo("Harbor Yoga Studio Receptionist"))
                .body("greeting", equalTo("Hello, thank you for calling Harbor Yoga Studio! How can I help you today?"))
                .body("prompt", containsString("# Your goals\n1. Book trial classes\n"))
                .body("language", equalTo("en"))
                .body("promptSource", equalTo("template"))
                .body("promptFallbackReason", equalTo("no language model is configured"))
                .body("suggestedSettings.responseLength", equalTo("short"))
                .extract();
        withKey(key).get("/agents").then().statusCode(200).body("pagination.total", equalTo(0));

        // The draft is what POST /agents takes, and its suggested settings are what PATCH /agents/:id/config takes.
        String agentId = withKey(key).body(Map.of("name", draft.path("name"), "prompt", draft.path("prompt"),
                        "greeting", draft.path("greeting"), "language", draft.path("language")))
                .post("/agents")
                .then().statusCode(201).body("name", equalTo("Harbor Yoga Studio Receptionist"))
                .extract().path("id");
        Map<String, Object> suggested = draft.path("suggestedSettings");
        withKey(key).body(suggested).patch("/agents/{id}/config", agentId)
                .then().statusCode(200)
                .body("config.responseLength", equalTo("short"))
                .body("config.leadCaptureMethod", equalTo(suggested.get("leadCaptureMethod")));
    }

    @Test
    void theSixthWizardCallOfAMinuteIsRefusedWithWhenToRetry() throws InterruptedException {
        String key = TestOrganization.create("e2e-drafts-limit").fullKey();
        // The services run as processes of their own with the real clock, which a test cannot move: six calls are
        // started with at least 20 seconds of the clock minute left, waiting for the next minute when needed.
        int second = LocalTime.now(ZoneOffset.UTC).getSecond();
        if (second > 40) {
            Thread.sleep((61 - second) * 1000L);
        }
        for (int i = 0; i < 5; i++) {
            withKey(key).body(Map.of("businessName", "Acme " + i)).post("/agents/drafts/from-questionnaire")
                    .then().statusCode(200);
        }
        ExtractableResponse<Response> refused = withKey(key).body(Map.of("businessName", "Acme"))
                .post("/agents/drafts/from-questionnaire")
                .then().statusCode(429)
                .body("error.code", equalTo("RATE_LIMIT_EXCEEDED"))
                .body("error.details.reset_at", notNullValue())
                .extract();
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 60, "Retry-After " + retryAfter);
        assertEquals(retryAfter, refused.jsonPath().getLong("error.details.retry_after"));
        assertEquals(0, Long.parseLong(refused.header("X-RateLimit-Reset")) % 60);
    }
}
