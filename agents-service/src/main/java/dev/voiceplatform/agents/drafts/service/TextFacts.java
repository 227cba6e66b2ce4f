package dev.voiceplatform.agents.drafts.service;

import dev.voiceplatform.common.api.PhoneNumbers;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The facts both wizards read from plain text, line by line: phone numbers, email addresses, opening hours,
 * prices, questions with their answers, and list items. English and Hebrew.
 */
final class TextFacts {

    static final int MAX_ITEMS = 30;
    static final int MAX_LINE = 200;

    private static final Pattern PHONE = Pattern.compile("(?<![\\w+])(\\+?\\(?\\d[\\d\\s().\\-]{5,20}\\d)(?!\\w)");
    private static final Pattern EMAIL = Pattern.compile(
            "(?<![\\w.%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\\.[A-Za-z0-9-]{1,63})*\\.[A-Za-z]{2,24}(?![\\w-])");
    private static final Set<String> NOT_EMAIL_ENDINGS = Set.of(".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp");

    private static final String ENGLISH_DAY = "(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?\\.?"
            + "|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays|weekends?";
    private static final String HEBREW_DAY = "(?:ימים|יום|ביום|בימי)?\\s*(?:ראשון|שני|שלישי|רביעי|חמישי|שישי|שבת)"
            + "|[אבגדהו]['׳’]\\s*(?:[-–—]|עד)\\s*[אבגדהו]['׳’]|ערבי חג|מוצ\"?״?ש";
    private static final Pattern DAY = Pattern.compile("(?<![\\p{L}])(?:" + ENGLISH_DAY + "|" + HEBREW_DAY
            + ")(?![\\p{L}])", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final String CLOCK = "(?:[01]?\\d|2[0-3])(?:[:.][0-5]\\d)?\\s*(?:am|pm|a\\.m\\.|p\\.m\\.)?";
    private static final Pattern TIME_RANGE = Pattern.compile("(?<![\\d])" + CLOCK + "\\s*(?:[-–—]|to|until|till|עד)\\s*"
            + CLOCK + "|\\b(?:closed|24/7|24 hours|open 24)\\b|סגור|24 שעות", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    private static final String AMOUNT = "\\d{1,3}(?:,\\d{3})+(?:\\.\\d{1,2})?|\\d+(?:\\.\\d{1,2})?";
    private static final Pattern PRICE = Pattern.compile(
            "(?<symbol>[$€£₪])\\s?(?<before>" + AMOUNT + ")"
                    + "|(?<after>" + AMOUNT + ")\\s?(?<unit>₪|ש\"ח|ש״ח|שח|nis|ils|usd|eur|gbp|dollars?|euros?|שקלים|שקל)"
                    + "(?![\\p{L}])",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Map<String, String> CURRENCIES = Map.ofEntries(
            Map.entry("$", "USD"), Map.entry("usd", "USD"), Map.entry("dollar", "USD"), Map.entry("dollars", "USD"),
            Map.entry("€", "EUR"), Map.entry("eur", "EUR"), Map.entry("euro", "EUR"), Map.entry("euros", "EUR"),
            Map.entry("£", "GBP"), Map.entry("gbp", "GBP"),
            Map.entry("₪", "ILS"), Map.entry("ש\"ח", "ILS"), Map.entry("ש״ח", "ILS"), Map.entry("שח", "ILS"),
            Map.entry("nis", "ILS"), Map.entry("ils", "ILS"), Map.entry("שקלים", "ILS"), Map.entry("שקל", "ILS"));

    private static final Pattern PRICE_QUALIFIER = Pattern.compile(
            "(?:^|\\s)(?:starting at|starting from|from|only|just|per person|each|החל מ|החל|רק|בלבד|לאדם)-?(?=\\s|$)",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+(?=[\\p{Lu}\\p{IsHebrew}\"“])");
    private static final Pattern LIST_MARK = Pattern.compile("^\\s*(?:[-*•·▪◦●]|\\d{1,2}[.)])\\s+(.+)$");

    private TextFacts() {
    }

    /** The text split into trimmed, non-empty lines with runs of white space collapsed. */
    static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        if (text == null) {
            return lines;
        }
        for (String raw : text.split("\\R")) {
            String line = raw.replace('\u00a0', ' ').replaceAll("[\\t\\x0B\\f ]+", " ").strip();
            if (!line.isEmpty()) {
                lines.add(line);
            }
        }
        return lines;
    }

    /**
     * The lines cut further at sentence ends, so a fact inside a paragraph ("... Open Mon-Fri 8:00-17:00. Call
     * ...") stands on its own. A sentence ends at . ! or ? before a capital or a Hebrew letter, which keeps
     * "9 a.m. - 5 p.m." whole.
     */
    static List<String> sentences(List<String> lines) {
        List<String> sentences = new ArrayList<>();
        for (String line : lines) {
            for (String sentence : SENTENCE_END.split(line)) {
                if (!sentence.isBlank()) {
                    sentences.add(sentence.strip());
                }
            }
        }
        return sentences;
    }

    /**
     * Phone numbers in E.164. The written form tells the region of a national number, whatever the page's
     * language: Israeli numbers are written with their leading 0 (03-6091234, 052-1234567), North American ones
     * with ten digits ((512) 448-2290). Anything else (a year range, an order number) is not taken for a number.
     */
    static List<String> phoneNumbers(List<String> texts) {
        Set<String> found = new LinkedHashSet<>();
        for (String text : texts) {
            Matcher matcher = PHONE.matcher(text);
            while (matcher.find() && found.size() < MAX_ITEMS) {
                phoneNumber(matcher.group(1)).ifPresent(found::add);
            }
        }
        return List.copyOf(found);
    }

    static Optional<String> phoneNumber(String raw) {
        String written = raw.strip();
        String digits = written.replaceAll("\\D", "");
        if (digits.length() < 7 || digits.length() > 15) {
            return Optional.empty();
        }
        if (written.startsWith("+") || digits.startsWith("00")) {
            return PhoneNumbers.toE164(written, "US");
        }
        if (digits.startsWith("0")) {
            return PhoneNumbers.toE164(written, "IL");
        }
        if (digits.length() == 10 || (digits.length() == 11 && digits.startsWith("1"))) {
            return PhoneNumbers.toE164(written, "US");
        }
        return Optional.empty();
    }

    /** Email addresses, lower case, without image names that look like addresses ("logo@2x.png"). */
    static List<String> emails(List<String> lines) {
        Set<String> found = new LinkedHashSet<>();
        for (String line : lines) {
            Matcher matcher = EMAIL.matcher(line);
            while (matcher.find() && found.size() < MAX_ITEMS) {
                email(matcher.group()).ifPresent(found::add);
            }
        }
        return List.copyOf(found);
    }

    static Optional<String> email(String candidate) {
        String address = candidate.strip().toLowerCase(Locale.ROOT);
        if (!EMAIL.matcher(address).matches() || NOT_EMAIL_ENDINGS.stream().anyMatch(address::endsWith)) {
            return Optional.empty();
        }
        return Optional.of(address);
    }

    /**
     * Opening hours, one line each as written: a line naming a day (or a range of days) with a time range or
     * "closed". A day alone on its line takes the times on the next line (tables and definition lists).
     */
    static List<String> businessHours(List<String> lines) {
        Set<String> found = new LinkedHashSet<>();
        for (int i = 0; i < lines.size() && found.size() < MAX_ITEMS; i++) {
            String line = lines.get(i);
            if (line.length() > MAX_LINE || !DAY.matcher(line).find()) {
                continue;
            }
            if (TIME_RANGE.matcher(line).find()) {
                found.add(line);
            } else if (i + 1 < lines.size() && line.length() <= 40 && TIME_RANGE.matcher(lines.get(i + 1)).find()
                    && !DAY.matcher(lines.get(i + 1)).find() && lines.get(i + 1).length() <= 60) {
                found.add(line + " " + lines.get(i + 1));
                i++;
            }
        }
        return List.copyOf(found);
    }

    /** Amounts with a currency, labelled by the rest of their line or, when the line is only the price, the line above. */
    static List<Price> prices(List<String> lines) {
        List<Price> found = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (int i = 0; i < lines.size() && found.size() < MAX_ITEMS; i++) {
            String line = lines.get(i);
            if (line.length() > MAX_LINE) {
                continue;
            }
            Matcher matcher = PRICE.matcher(line);
            while (matcher.find() && found.size() < MAX_ITEMS) {
                String amountText = matcher.group("before") != null ? matcher.group("before") : matcher.group("after");
                String unit = matcher.group("symbol") != null ? matcher.group("symbol") : matcher.group("unit");
                String currency = CURRENCIES.get(unit.toLowerCase(Locale.ROOT));
                String label = cleanLabel(line.substring(0, matcher.start()) + " " + line.substring(matcher.end()));
                if (label.length() < 2 && i > 0) {
                    label = cleanLabel(lines.get(i - 1));
                }
                BigDecimal amount = new BigDecimal(amountText.replace(",", ""));
                if (seen.add(label + "|" + amount + "|" + currency)) {
                    found.add(new Price(label.isEmpty() ? null : label, amount, currency, line));
                }
            }
        }
        return found;
    }

    private static String cleanLabel(String text) {
        String label = PRICE.matcher(text).replaceAll(" ").replaceAll("\\s+", " ")
                .replaceAll("^[\\s:–—\\-|.,/]+|[\\s:–—\\-|.,/]+$", "");
        // "from $95", "החל מ-350 ש״ח": the qualifier alone says nothing about what is priced.
        label = PRICE_QUALIFIER.matcher(label).replaceAll("").replaceAll("^[\\s:–—\\-|.,/]+|[\\s:–—\\-|.,/]+$", "");
        return label.length() > 120 ? label.substring(0, 120).strip() : label;
    }

    /**
     * A line ending in a question mark and the lines after it, up to the next question, as its answer. Only
     * questions with an answer are kept.
     */
    static List<QuestionAnswer> questionsAndAnswers(List<String> lines) {
        List<QuestionAnswer> found = new ArrayList<>();
        for (int i = 0; i < lines.size() && found.size() < MAX_ITEMS; i++) {
            String question = lines.get(i);
            if (!isQuestion(question)) {
                continue;
            }
            StringBuilder answer = new StringBuilder();
            int next = i + 1;
            while (next < lines.size() && next <= i + 3 && !isQuestion(lines.get(next))) {
                answer.append(answer.isEmpty() ? "" : " ").append(lines.get(next));
                next++;
            }
            if (!answer.isEmpty()) {
                found.add(new QuestionAnswer(stripListMark(question), cap(answer.toString(), 1000)));
                i = next - 1;
            }
        }
        return found;
    }

    static boolean isQuestion(String line) {
        String stripped = line.strip();
        return stripped.length() >= 8 && stripped.length() <= 300 && stripped.endsWith("?");
    }

    /** Lines written as list items ("- cleaning", "• ניקוי", "1. whitening"), without their marks. */
    static List<String> listItems(List<String> lines) {
        Set<String> found = new LinkedHashSet<>();
        for (String line : lines) {
            Matcher matcher = LIST_MARK.matcher(line);
            if (matcher.matches() && matcher.group(1).length() <= 120 && found.size() < MAX_ITEMS) {
                found.add(matcher.group(1).strip());
            }
        }
        return List.copyOf(found);
    }

    private static String stripListMark(String line) {
        Matcher matcher = LIST_MARK.matcher(line);
        return matcher.matches() ? matcher.group(1).strip() : line;
    }

    /** At most {@code max} characters, cut at a word where one is near. */
    static String cap(String text, int max) {
        if (text == null || text.codePointCount(0, text.length()) <= max) {
            return text;
        }
        String cut = text.substring(0, text.offsetByCodePoints(0, max));
        int space = cut.lastIndexOf(' ');
        return (space > max * 3 / 4 ? cut.substring(0, space) : cut).strip();
    }
}
