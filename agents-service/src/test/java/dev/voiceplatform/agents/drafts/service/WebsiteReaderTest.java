package dev.voiceplatform.agents.drafts.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The facts the website wizard reads from realistic pages without a language model. */
public class WebsiteReaderTest {

    public static String page(String name) {
        try (InputStream in = WebsiteReaderTest.class.getResourceAsStream("/drafts/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static WebsiteFacts read(String html, DraftLanguage language) {
        return WebsiteReader.read(html, "https://example.com/", language).facts();
    }

    @Test
    void readsAnEnglishDentalPracticePage() {
        WebsiteFacts facts = read(page("bright-smile-dental.html"), DraftLanguage.EN);

        assertEquals("Bright Smile Dental", facts.businessName());
        assertTrue(facts.description().startsWith("Bright Smile Dental is a family dental practice in Austin"));
        assertEquals(List.of("Check-ups and cleanings", "Teeth whitening", "Dental implants",
                "Emergency dental care"), facts.services());
        assertEquals(List.of("Mo-Fr 08:00-17:00", "Monday - Friday 8:00 am - 5:00 pm", "Saturday 9:00 am – 1:00 pm",
                "Sunday Closed"), facts.businessHours());
        assertEquals(List.of("+15124482290"), facts.phoneNumbers());
        assertEquals(List.of("appointments@brightsmiledental.com", "hello@brightsmiledental.com"), facts.emails());
        assertEquals("dental", facts.detectedIndustry());
        assertEquals("friendly", facts.detectedTone());
        assertEquals(Industry.DENTAL.goals(DraftLanguage.EN), facts.suggestedGoals());

        assertEquals(List.of(
                new QuestionAnswer("Do you accept insurance?",
                        "Yes. We accept most PPO plans, including Delta Dental and Cigna."),
                new QuestionAnswer("What should I do in a dental emergency?",
                        "Call us right away. We keep same-day slots for emergencies."),
                new QuestionAnswer("Do you see children?", "Yes, we see patients of all ages, from their first tooth on."),
                new QuestionAnswer("Is parking available?", "Free parking is available behind the building.")),
                facts.qAndA());

        assertEquals(List.of(
                new Price("New patient exam and X-rays", new BigDecimal("95"), "USD",
                        "New patient exam and X-rays: $95"),
                new Price("Professional teeth whitening", new BigDecimal("1250.00"), "USD",
                        "Professional teeth whitening – $1,250.00")),
                facts.prices());
        assertEquals(List.of(new TeamMember("Dr. Sarah Cohen", "Lead dentist"),
                new TeamMember("Mike Alvarez", "Dental hygienist")), facts.team());
        assertEquals(List.of("credit_card", "cash", "apple_pay", "installments"), facts.paymentMethods());
        assertEquals(new SuggestedVoiceSettingsOut("engineA-realtime", "coral", 1.0, null),
                facts.suggestedVoiceSettings());
    }

    @Test
    void readsAHebrewSalonPage() {
        WebsiteFacts facts = read(page("studio-noa.html"), DraftLanguage.HE);

        assertEquals("סטודיו נועה", facts.businessName());
        assertTrue(facts.description().startsWith("סטודיו נועה הוא סלון יופי בלב תל אביב"));
        assertEquals(List.of("תספורת נשים", "צבע ופסים", "טיפול פנים", "מניקור ג'ל"), facts.services());
        assertEquals(List.of("ימים א׳-ה׳: 09:00-19:00", "יום שישי: 08:00-14:00", "שבת: סגור"),
                facts.businessHours());
        assertEquals(List.of("+97236091234", "+972525551234"), facts.phoneNumbers());
        assertEquals(List.of("info@studio-noa.co.il"), facts.emails());
        assertEquals("beauty", facts.detectedIndustry());
        assertEquals("friendly", facts.detectedTone());
        assertEquals(Industry.BEAUTY.goals(DraftLanguage.HE), facts.suggestedGoals());
        assertEquals(List.of(
                new QuestionAnswer("צריך לקבוע תור מראש?",
                        "מומלץ לקבוע תור מראש, אבל נשמח לקבל גם בלי תור כשיש מקום פנוי."),
                new QuestionAnswer("יש חניה בסביבה?", "יש חניון ציבורי ברחוב המקביל, במרחק של שתי דקות הליכה.")),
                facts.qAndA());
        assertEquals(List.of(new BigDecimal("180"), new BigDecimal("350"), new BigDecimal("120")),
                facts.prices().stream().map(Price::amount).toList());
        assertTrue(facts.prices().stream().allMatch(price -> price.currency().equals("ILS")));
        assertEquals("תספורת, חפיפה ופן", facts.prices().get(0).label());
        assertEquals("צבע ופסים", facts.prices().get(1).label());
        assertEquals(List.of(new TeamMember("נועה לוי", "מעצבת שיער ובעלת הסטודיו"),
                new TeamMember("דנה כהן", "קוסמטיקאית")), facts.team());
        assertEquals(List.of("credit_card", "cash", "bit"), facts.paymentMethods());
        assertEquals(true, facts.suggestedVoiceSettings().enableNaturalHebrew());
    }

    @Test
    void aBarePageGivesEmptyListsAndTheFirstMeaningfulTitlePart() {
        WebsiteFacts facts = read("<html><head><title>Home | Acme Plumbing</title></head>"
                + "<body><p>Coming soon.</p></body></html>", DraftLanguage.EN);

        assertEquals("Acme Plumbing", facts.businessName());
        assertNull(facts.description());
        assertEquals("home_services", facts.detectedIndustry());
        for (List<?> list : List.of(facts.services(), facts.businessHours(), facts.phoneNumbers(), facts.emails(),
                facts.qAndA(), facts.prices(), facts.team(), facts.paymentMethods())) {
            assertTrue(list.isEmpty());
        }
        assertFalse(facts.suggestedGoals().isEmpty());
    }

    @Test
    void nameFallsBackToStructuredDataThenTheFirstHeading() {
        assertEquals("Cafe Lumen", read("<html><head><script type=\"application/ld+json\">"
                + "{\"@context\":\"https://schema.org\",\"@graph\":[{\"@type\":\"WebSite\",\"name\":\"lumen.example\"},"
                + "{\"@type\":\"CafeOrCoffeeShop\",\"name\":\"Cafe Lumen\",\"telephone\":\"(512) 448-2291\"}]}"
                + "</script></head><body></body></html>", DraftLanguage.EN).businessName());
        assertEquals("Miller & Sons Law", read("<html><head><title>Welcome</title></head><body><h1>Miller &amp; Sons Law</h1>"
                + "</body></html>", DraftLanguage.EN).businessName());
    }

    @Test
    void anAnswerIsTheTextRightAfterItsQuestionNotTheRestOfAFlatPage() {
        WebsiteFacts facts = read("<html><body><h2>FAQ</h2><h3>Do I need my own mat?</h3>"
                + "<p>No, mats are free to use.</p><ul><li>Towels too</li></ul><p>Call us any time.</p>"
                + "<h3>Can I bring a friend?</h3><p>Yes, the first class is free.</p><p>We accept cash.</p>"
                + "</body></html>", DraftLanguage.EN);
        assertEquals(List.of(new QuestionAnswer("Do I need my own mat?", "No, mats are free to use. Towels too"),
                new QuestionAnswer("Can I bring a friend?", "Yes, the first class is free.")), facts.qAndA());
    }

    @Test
    void brokenStructuredDataDoesNotStopTheRestOfThePage() {
        WebsiteFacts facts = read("<html><head><title>Zen Yoga</title><script type=\"application/ld+json\">{not json"
                + "</script></head><body><p>Call 03-6091234 or write to studio@zen.example</p></body></html>",
                DraftLanguage.HE);
        assertEquals(List.of("+97236091234"), facts.phoneNumbers());
        assertEquals(List.of("studio@zen.example"), facts.emails());
    }
}
