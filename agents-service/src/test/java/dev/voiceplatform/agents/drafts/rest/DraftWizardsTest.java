package dev.voiceplatform.agents.drafts.rest;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.agents.drafts.service.DraftLanguage;
import dev.voiceplatform.agents.drafts.service.Industry;
import dev.voiceplatform.testing.TestClock;
import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The description and questionnaire wizards, and the rules every wizard shares, with no language model configured. */
@QuarkusTest
class DraftWizardsTest {

    private static final String DESCRIPTION_TEXT = "Bright Smile Dental is a family dentist in Austin. We offer "
            + "cleanings, whitening and implants. Open Mon-Fri 8:00-17:00. Call (512) 448-2290 or write to "
            + "hello@brightsmile.example.";

    @Inject
    TestClock clock;

    @Test
    void theDescriptionWizardAnswersTheBusinessFactsAndCreatesNothing() {
        DraftCalls key = DraftCalls.newKey();
        key.post(DraftCalls.DESCRIPTION, Map.of("description", DESCRIPTION_TEXT, "language", "en"))
                .statusCode(200)
                .body("businessName", equalTo("Bright Smile Dental"))
                .body("description", equalTo(DESCRIPTION_TEXT))
                .body("services", contains("cleanings", "whitening", "implants"))
                .body("businessHours", contains("Open Mon-Fri 8:00-17:00."))
                .body("phoneNumbers", contains("+15124482290"))
                .body("emails", contains("hello@brightsmile.example"))
                .body("qAndA", empty())
                .body("detectedIndustry", equalTo("dental"))
                .body("detectedTone", equalTo("friendly"))
                .body("suggestedGoals", equalTo(Industry.DENTAL.goals(DraftLanguage.EN)));
        assertEquals(0L, agentsOf(key));
    }

    @Test
    void aDescriptionFindsNothingAsEmptyListsNeverNull() {
        DraftCalls.newKey().post(DraftCalls.DESCRIPTION, Map.of("description", "אנחנו עסק קטן שעוזר לאנשים"))
                .statusCode(200)
                .body("services", empty())
                .body("businessHours", empty())
                .body("phoneNumbers", empty())
                .body("emails", empty())
                .body("qAndA", empty())
                .body("detectedIndustry", equalTo("general"))
                .body("suggestedGoals", equalTo(Industry.GENERAL.goals(DraftLanguage.EN)));
    }

    @Test
    void aDescriptionIsTwentyToFourThousandCharactersCountedAsCharacters() {
        DraftCalls key = DraftCalls.newKey();
        key.post(DraftCalls.DESCRIPTION, Map.of("description", "x".repeat(19)))
                .statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("description"))
                .body("error.fields[0].reason", containsString("20 to 4000"));
        key.post(DraftCalls.DESCRIPTION, Map.of("description", "x".repeat(4001)))
                .statusCode(400).body("error.fields.field", contains("description"));
        key.post(DraftCalls.DESCRIPTION, Map.of("language", "en"))
                .statusCode(400).body("error.fields.field", contains("description"));
        key.post(DraftCalls.DESCRIPTION, Map.of("description", 42))
                .statusCode(400).body("error.fields.field", contains("description"));
        // 20 Hebrew letters are 40 bytes of UTF-8 and still 20 characters.
        key.post(DraftCalls.DESCRIPTION, Map.of("description", "ש".repeat(20), "language", "he")).statusCode(200);
        key.post(DraftCalls.DESCRIPTION, Map.of("description", "ש".repeat(4000), "language", "he")).statusCode(200);
    }

    @Test
    void theLanguageIsHebrewOrEnglish() {
        DraftCalls key = DraftCalls.newKey();
        key.post(DraftCalls.DESCRIPTION, Map.of("description", DESCRIPTION_TEXT, "language", "fr"))
                .statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("language"));
        key.post(DraftCalls.WEBSITE, Map.of("url", "https://example.com", "language", "de"))
                .statusCode(400).body("error.fields.field", contains("language"));
        key.post(DraftCalls.QUESTIONNAIRE, Map.of("businessName", "Acme", "primaryLanguage", "ru"))
                .statusCode(400).body("error.fields.field", contains("primaryLanguage"));
    }

    @Test
    void aBodyThatIsNotAJsonObjectIsAnInvalidRequest() {
        DraftCalls key = DraftCalls.newKey();
        for (String path : List.of(DraftCalls.WEBSITE, DraftCalls.DESCRIPTION, DraftCalls.QUESTIONNAIRE)) {
            key.post(path, List.of("not", "an", "object")).statusCode(400)
                    .body("error.code", equalTo("INVALID_REQUEST"));
        }
    }

    @Test
    void theWebsiteWizardNeedsAUrl() {
        DraftCalls.newKey().post(DraftCalls.WEBSITE, Map.of("language", "en"))
                .statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", contains("url"));
        DraftCalls.newKey().post(DraftCalls.WEBSITE, Map.of("url", "https://example.com/" + "a".repeat(2100)))
                .statusCode(400).body("error.fields.field", contains("url"));
    }

    @Test
    void theQuestionnaireWritesAFullPromptFromTheTemplateWhenNoModelIsConfigured() {
        DraftCalls key = DraftCalls.newKey();
        key.post(DraftCalls.QUESTIONNAIRE, Map.of("businessName", "סטודיו נועה", "primaryLanguage", "he",
                        "industry", "מספרה", "goals", List.of("לקבוע תורים"), "tone", "friendly",
                        "qAndA", List.of(Map.of("question", "יש חניה?", "answer", "כן, ברחוב המקביל.")),
                        "escalationRules", List.of("תלונה על טיפול מועברת לנועה"), "fromWebsite", true))
                .statusCode(200)
                .body("name", equalTo("מענה טלפוני – סטודיו נועה"))
                .body("language", equalTo("he"))
                .body("greeting", equalTo("שלום, הגעתם לסטודיו נועה. איך אפשר לעזור?"))
                .body("prompt", containsString("# המטרות שלך\n1. לקבוע תורים\n"))
                .body("prompt", containsString("ש: יש חניה?\nת: כן, ברחוב המקביל."))
                .body("prompt", containsString("- תלונה על טיפול מועברת לנועה\n"))
                .body("promptSource", equalTo("template"))
                .body("promptFallbackReason", equalTo("no language model is configured"))
                .body("suggestedSettings.language", equalTo("he"))
                .body("suggestedSettings.responseStyle", equalTo("friendly"))
                .body("suggestedSettings.enableNaturalHebrew", equalTo(true));
        assertEquals(0L, agentsOf(key));
    }

    @Test
    void theQuestionnaireRefusesEveryInvalidAnswerAtOnce() {
        DraftCalls.newKey().post(DraftCalls.QUESTIONNAIRE, Map.ofEntries(
                        Map.entry("callDirection", "sideways"),
                        Map.entry("goals", "book appointments"),
                        Map.entry("tone", "grumpy"),
                        Map.entry("responseLength", "endless"),
                        Map.entry("agentName", "a".repeat(101)),
                        Map.entry("openingLine", 7),
                        Map.entry("qAndA", List.of(Map.of("answer", "no question"))),
                        Map.entry("escalationRules", Map.of("rule", "x")),
                        Map.entry("fromWebsite", "yes"),
                        Map.entry("services", List.of("ok", 3))))
                .statusCode(400)
                .body("error.code", equalTo("VALIDATION_ERROR"))
                .body("error.fields.field", containsInAnyOrder("businessName", "callDirection", "goals", "tone",
                        "responseLength", "agentName", "openingLine", "qAndA[0].question", "escalationRules",
                        "fromWebsite", "services[1]"));
        DraftCalls.newKey().post(DraftCalls.QUESTIONNAIRE, Map.of("businessName", "  "))
                .statusCode(400).body("error.fields.field", contains("businessName"));
        DraftCalls.newKey().post(DraftCalls.QUESTIONNAIRE, Map.of("businessName", "Acme",
                        "goals", java.util.Collections.nCopies(13, "goal")))
                .statusCode(400).body("error.fields.field", contains("goals"));
    }

    @Test
    void aResellerKeyCannotUseTheWizards() {
        DraftCalls reseller = DraftCalls.as(TestTokens.forOrganization(UUID.randomUUID())
                .scopes("agents:read", "agents:write").reseller());
        for (String path : List.of(DraftCalls.WEBSITE, DraftCalls.DESCRIPTION, DraftCalls.QUESTIONNAIRE)) {
            reseller.post(path, Map.of("businessName", "Acme", "description", DESCRIPTION_TEXT,
                            "url", "https://example.com"))
                    .statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        }
    }

    @Test
    void theWizardsNeedAgentsWrite() {
        DraftCalls readOnly = DraftCalls.as(TestTokens.forOrganization(UUID.randomUUID()).scopes("agents:read"));
        for (String path : List.of(DraftCalls.WEBSITE, DraftCalls.DESCRIPTION, DraftCalls.QUESTIONNAIRE)) {
            readOnly.post(path, Map.of("businessName", "Acme")).statusCode(403)
                    .body("error.code", equalTo("INSUFFICIENT_SCOPE"));
        }
    }

    @Test
    void anAccountThatIsNotActiveGetsTrialExpiredWithTheUpgradeLink() {
        DraftCalls suspended = DraftCalls.as(TestTokens.forOrganization(UUID.randomUUID())
                .scopes("agents:write").accountStatus("trial_expired"));
        for (String path : List.of(DraftCalls.WEBSITE, DraftCalls.DESCRIPTION, DraftCalls.QUESTIONNAIRE)) {
            suspended.post(path, Map.of("businessName", "Acme", "description", DESCRIPTION_TEXT,
                            "url", "https://example.com"))
                    .statusCode(402)
                    .body("error.code", equalTo("TRIAL_EXPIRED"))
                    .body("error.details.upgrade_url", notNullValue());
        }
    }

    @Test
    void anOrganizationWithoutAFreeAgentSlotGetsAgentLimitReached() {
        UUID organization = UUID.randomUUID();
        insertAgent(organization);
        DraftCalls full = DraftCalls.as(TestTokens.forOrganization(organization).scopes("agents:write")
                .maxAgents(1).tier("free"));
        for (String path : List.of(DraftCalls.WEBSITE, DraftCalls.DESCRIPTION, DraftCalls.QUESTIONNAIRE)) {
            full.post(path, Map.of("businessName", "Acme", "description", DESCRIPTION_TEXT,
                            "url", "https://example.com"))
                    .statusCode(402)
                    .body("error.code", equalTo("AGENT_LIMIT_REACHED"))
                    .body("error.details.current", equalTo(1))
                    .body("error.details.max_agents", equalTo(1))
                    .body("error.details.current_tier", equalTo("free"));
        }
    }

    @Test
    void fiveCallsAMinutePerKeyThenTooManyRequestsWithWhenToRetry() {
        moveToTheStartOfTheNextMinute();
        UUID organization = UUID.randomUUID();
        TestTokens tokens = TestTokens.forOrganization(organization).scopes("agents:write");
        DraftCalls key = DraftCalls.as(tokens);
        // Refused bodies and refused plans cost no call of the minute.
        for (int i = 0; i < 3; i++) {
            key.post(DraftCalls.QUESTIONNAIRE, Map.of("tone", "grumpy")).statusCode(400);
        }
        DraftCalls.as(tokens.maxAgents(0)).post(DraftCalls.QUESTIONNAIRE, Map.of("businessName", "Acme"))
                .statusCode(402);
        tokens.maxAgents(10);
        for (int i = 0; i < 5; i++) {
            key.post(i % 2 == 0 ? DraftCalls.QUESTIONNAIRE : DraftCalls.DESCRIPTION,
                    Map.of("businessName", "Acme", "description", DESCRIPTION_TEXT)).statusCode(200);
        }
        var refused = key.post(DraftCalls.DESCRIPTION, Map.of("description", DESCRIPTION_TEXT))
                .statusCode(429)
                .body("error.code", equalTo("RATE_LIMIT_EXCEEDED"))
                .body("error.details.reset_at", notNullValue())
                .body("error.details.retry_after", notNullValue())
                .body("error.details.limit", equalTo(5))
                .extract();
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        long resetAt = Long.parseLong(refused.header("X-RateLimit-Reset"));
        assertEquals(retryAfter, refused.jsonPath().getLong("error.details.retry_after"));
        assertEquals(java.time.Instant.parse(refused.jsonPath().getString("error.details.reset_at")).getEpochSecond(),
                resetAt);
        assertEquals(0, resetAt % 60, "the window is a clock minute");
        org.junit.jupiter.api.Assertions.assertTrue(retryAfter >= 1 && retryAfter <= 60);

        // The count is kept in the database, where every replica reads the same window.
        assertEquals(6, ((Number) TestDatabase.query("SELECT count FROM draft_rate_windows WHERE key_id = ?",
                tokens.tenant().keyId()).get(0).get("count")).intValue());
        // Another key of the same organization has its own count.
        DraftCalls.as(TestTokens.forOrganization(organization).scopes("agents:write"))
                .post(DraftCalls.QUESTIONNAIRE, Map.of("businessName", "Acme")).statusCode(200);

        // The next minute the key has its five calls again.
        clock.advance(Duration.ofSeconds(retryAfter));
        key.post(DraftCalls.QUESTIONNAIRE, Map.of("businessName", "Acme")).statusCode(200);
    }

    @Test
    void aCountFromAnEarlierMinuteStartsOver() {
        TestTokens tokens = TestTokens.forOrganization(UUID.randomUUID()).scopes("agents:write");
        TestDatabase.update("INSERT INTO draft_rate_windows (key_id, window_start, count) "
                + "VALUES (?, date_trunc('minute', now()) - interval '1 minute', 99)", tokens.tenant().keyId());
        DraftCalls.as(tokens).post(DraftCalls.QUESTIONNAIRE, Map.of("businessName", "Acme")).statusCode(200);
        assertEquals(1, ((Number) TestDatabase.query("SELECT count FROM draft_rate_windows WHERE key_id = ?",
                tokens.tenant().keyId()).get(0).get("count")).intValue());
    }

    /** Six calls must fall in one clock minute: the service's clock is put a second past the start of one. */
    private void moveToTheStartOfTheNextMinute() {
        Instant now = clock.instant();
        clock.advance(Duration.between(now, now.truncatedTo(ChronoUnit.MINUTES).plus(Duration.ofMinutes(1)))
                .plusSeconds(1));
    }

    private static long agentsOf(DraftCalls key) {
        return ((Number) TestDatabase.query("SELECT count(*) AS n FROM agents WHERE org_id = ?",
                key.tokens().tenant().organizationId()).get(0).get("n")).longValue();
    }

    private static void insertAgent(UUID organization) {
        TestDatabase.update("INSERT INTO agents (id, org_id, name, prompt, language, voice, model, status, version, "
                + "is_tester, created_at, updated_at) VALUES (?, ?, 'Existing', 'You answer calls.', 'en', 'alloy', "
                + "'engineA-realtime', 'inactive', 1, false, now(), now())", UUID.randomUUID(), organization);
        // The slot count is kept beside the agents by creates and deletes; an agent written here takes its slot too.
        TestDatabase.update("INSERT INTO agent_plan_slots (org_id, used) VALUES (?, 1) "
                + "ON CONFLICT (org_id) DO UPDATE SET used = agent_plan_slots.used + 1", organization);
    }
}
