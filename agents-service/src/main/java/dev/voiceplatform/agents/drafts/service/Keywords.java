package dev.voiceplatform.agents.drafts.service;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Counts whole-word keyword hits in English and Hebrew text. A Hebrew word may carry up to two of the one-letter
 * prefixes (ו, ה, ב, כ, ל, מ, ש: "ובמרפאה" holds "מרפאה"), so a keyword is found behind them but never inside
 * another word ("רכב" is not in "מורכב"). English keywords also match their plural in s or es.
 */
final class Keywords {

    /** One prefix letter, or ו or ש before one of ה ב כ ל מ ("ובמרפאה", "שבמרפאה"); never "מו" as in "מורכב". */
    private static final String HEBREW_PREFIXES = "(?:[וש]?[הבכלמ]|[וש])?";

    private final Pattern pattern;

    private Keywords(Pattern pattern) {
        this.pattern = pattern;
    }

    static Keywords of(List<String> words) {
        StringBuilder alternatives = new StringBuilder();
        for (String word : words) {
            if (!alternatives.isEmpty()) {
                alternatives.append('|');
            }
            String quoted = Pattern.quote(word.toLowerCase(Locale.ROOT));
            alternatives.append(isHebrew(word) ? HEBREW_PREFIXES + quoted : quoted + "(?:s|es)?");
        }
        return new Keywords(Pattern.compile("(?<![\\p{L}\\p{M}'’״\"])(?:" + alternatives + ")(?![\\p{L}\\p{M}])",
                Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE));
    }

    /** How many times any of the keywords occurs in {@code text}. */
    int count(String text) {
        if (text == null || text.isEmpty()) {
            return 0;
        }
        Matcher matcher = pattern.matcher(text);
        int hits = 0;
        while (matcher.find()) {
            hits++;
        }
        return hits;
    }

    boolean foundIn(String text) {
        return text != null && pattern.matcher(text).find();
    }

    static boolean isHebrew(String text) {
        return text.codePoints().anyMatch(point -> Character.UnicodeScript.of(point) == Character.UnicodeScript.HEBREW);
    }
}
