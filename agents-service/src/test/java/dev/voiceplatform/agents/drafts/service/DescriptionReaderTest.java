package dev.voiceplatform.agents.drafts.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The facts the description wizard reads from free text without a language model. */
class DescriptionReaderTest {

    @Test
    void readsAnEnglishDescription() {
        BusinessFacts facts = DescriptionReader.read("""
                Miller & Sons Law is a law firm in Denver that helps families with wills, estates and probate.
                We offer free first consultations, estate planning and probate representation.
                Office hours: Mon-Fri 9:00-17:00, Saturday by appointment.
                Call (303) 555-2311 or email office@millerlaw.example.
                Do you make house calls?
                Yes, for clients who cannot travel.
                """, DraftLanguage.EN);

        assertEquals("Miller & Sons Law", facts.businessName());
        assertTrue(facts.description().startsWith("Miller & Sons Law is a law firm"));
        assertEquals(List.of("free first consultations", "estate planning", "probate representation"),
                facts.services());
        assertEquals(List.of("Office hours: Mon-Fri 9:00-17:00, Saturday by appointment."), facts.businessHours());
        assertEquals(List.of("office@millerlaw.example"), facts.emails());
        assertEquals(List.of(new QuestionAnswer("Do you make house calls?", "Yes, for clients who cannot travel.")),
                facts.qAndA());
        assertEquals("legal", facts.detectedIndustry());
        assertEquals("formal", facts.detectedTone());
        assertEquals(Industry.LEGAL.goals(DraftLanguage.EN), facts.suggestedGoals());
    }

    @Test
    void readsAHebrewDescription() {
        BusinessFacts facts = DescriptionReader.read("""
                אנחנו "פיצה רומא", פיצרייה משפחתית בחיפה. אנו מציעים פיצות בתנור אבן, פסטות טריות וקינוחים.
                - משלוחים עד הבית
                - אירוח לקבוצות
                שעות פתיחה: ימים א׳-ה׳ 12:00-23:00, שבת סגור.
                להזמנות: 04-8123456
                """, DraftLanguage.HE);

        assertEquals("פיצה רומא", facts.businessName());
        assertEquals(List.of("משלוחים עד הבית", "אירוח לקבוצות", "פיצות בתנור אבן", "פסטות טריות", "קינוחים"),
                facts.services());
        assertEquals(List.of("שעות פתיחה: ימים א׳-ה׳ 12:00-23:00, שבת סגור."), facts.businessHours());
        assertEquals(List.of("+97248123456"), facts.phoneNumbers());
        assertEquals("restaurant", facts.detectedIndustry());
        assertEquals(Industry.RESTAURANT.goals(DraftLanguage.HE), facts.suggestedGoals());
    }

    @Test
    void hebrewPluralsAndKindsOfABusinessNameItsIndustry() {
        assertEquals("restaurant", DescriptionReader.read("פיצרייה משפחתית בחיפה עם פיצות ופסטות טריות",
                DraftLanguage.HE).detectedIndustry());
    }

    @Test
    void aDescriptionWithoutFactsGivesEmptyListsAndTheGeneralIndustry() {
        BusinessFacts facts = DescriptionReader.read("a small business that helps people with various things",
                DraftLanguage.EN);
        assertNull(facts.businessName());
        assertEquals("general", facts.detectedIndustry());
        assertEquals(Industry.GENERAL.goals(DraftLanguage.EN), facts.suggestedGoals());
        for (List<?> list : List.of(facts.services(), facts.businessHours(), facts.phoneNumbers(), facts.emails(),
                facts.qAndA())) {
            assertTrue(list.isEmpty());
        }
    }

    @Test
    void yearRangesAndOrderNumbersAreNotPhoneNumbers() {
        assertEquals(List.of("+15124482290", "+97236091234"), TextFacts.phoneNumbers(List.of(
                "Since 2004-2026, order 4482290, call 512.448.2290 or +972 3-609-1234")));
    }

    @Test
    void hebrewKeywordsMatchBehindPrefixesButNotInsideOtherWords() {
        Keywords car = Keywords.of(List.of("רכב"));
        assertEquals(1, car.count("הבאנו את הרכב למוסך"));
        assertEquals(1, car.count("ולרכב"));
        assertEquals(0, car.count("זה מורכב מאוד"));
    }
}
