package dev.voiceplatform.agents.drafts.service;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the business facts out of a free description (20 to 4,000 characters) without a language model: the
 * name from how businesses introduce themselves, services from list lines and "we offer ..." sentences, and the
 * same contact, hours and question patterns as on a web page.
 */
final class DescriptionReader {

    private static final Pattern ENGLISH_NAME = Pattern.compile(
            "(?:^|[.!?]\\s+)(?:we are|we're|welcome to|this is)\\s+(?<name>[\\p{Lu}][\\p{L}\\p{N}&'’.\\- ]{1,60}?)"
                    + "(?=[,.!:;]|\\s+(?:a|an|the|in|on|and|located|based|from|where|,)\\b)"
                    + "|(?:^|[.!?]\\s+)(?:at\\s+)?(?<subject>[\\p{Lu}][\\p{L}\\p{N}&'’.\\-]*(?:\\s+[\\p{Lu}&][\\p{L}\\p{N}&'’.\\-]*){0,5})"
                    + "\\s+(?:is|are)\\s+(?:a|an|the)\\b"
                    + "|\\b(?:called|named)\\s+(?<called>[\\p{Lu}][\\p{L}\\p{N}&'’.\\-]*(?:\\s+[\\p{Lu}&][\\p{L}\\p{N}&'’.\\-]*){0,5})");
    private static final Pattern HEBREW_NAME = Pattern.compile(
            "(?:בשם|ברוכים הבאים ל|אנחנו|אנו)\\s+[\"“”״']?(?<name>[^,.!?\\n\"“”״']{2,40}?)[\"“”״']?"
                    + "(?=\\s*[,.!?\\n]|\\s+(?:הוא|היא|הינו|הינה|נמצא|נמצאת|ממוקם|ממוקמת|מציע|מציעה|מציעים)(?![\\p{L}]))");
    private static final Pattern OFFER_SENTENCE = Pattern.compile(
            "(?:we (?:offer|provide|specialize in|specialise in|do)|our services include|services include|"
                    + "specializing in|specialising in|אנו מציעים|אנחנו מציעים|אנו מספקים|אנחנו מספקים|"
                    + "השירותים שלנו כוללים|אנו מתמחים ב|אנחנו מתמחים ב|מתמחים ב)\\s*:?\\s*(?<list>[^.!?\\n]{3,300})",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern LIST_SPLIT = Pattern.compile(
            "\\s*(?:,|;|\\band\\b|\\bor\\b|\\s+ו(?=[\\p{L}]))\\s*", Pattern.UNICODE_CASE);

    private DescriptionReader() {
    }

    static BusinessFacts read(String description, DraftLanguage language) {
        List<String> lines = TextFacts.sentences(TextFacts.lines(description));
        Industry industry = Industry.detect(description);
        Tone tone = Tone.detect(description, industry);
        return new BusinessFacts(businessName(description), TextFacts.cap(description.strip(),
                WebsiteReader.MAX_DESCRIPTION), services(description, lines), TextFacts.businessHours(lines),
                TextFacts.phoneNumbers(lines), TextFacts.emails(lines), TextFacts.questionsAndAnswers(lines),
                industry.id(), tone.id(), industry.goals(language));
    }

    static String businessName(String text) {
        Matcher english = ENGLISH_NAME.matcher(text.strip());
        if (english.find()) {
            for (String group : List.of("name", "subject", "called")) {
                if (english.group(group) != null) {
                    return TextFacts.cap(english.group(group).strip(), WebsiteReader.MAX_NAME);
                }
            }
        }
        Matcher hebrew = HEBREW_NAME.matcher(text);
        return hebrew.find() ? TextFacts.cap(hebrew.group("name").strip(), WebsiteReader.MAX_NAME) : null;
    }

    private static List<String> services(String text, List<String> lines) {
        Set<String> found = new LinkedHashSet<>(TextFacts.listItems(lines));
        Matcher offer = OFFER_SENTENCE.matcher(text);
        while (offer.find() && found.size() < TextFacts.MAX_ITEMS) {
            for (String item : split(offer.group("list"))) {
                if (found.size() < TextFacts.MAX_ITEMS) {
                    found.add(item);
                }
            }
        }
        return List.copyOf(found);
    }

    private static List<String> split(String list) {
        List<String> items = new ArrayList<>();
        for (String part : LIST_SPLIT.split(list)) {
            String item = part.strip().replaceAll("^(?:also|as well as|גם)\\s+", "");
            if (item.length() >= 2 && item.length() <= 80) {
                items.add(item);
            }
        }
        return items;
    }
}
