package dev.voiceplatform.runtime.conversation;

import dev.voiceplatform.common.api.PhoneNumbers;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Recognises what the caller said: a goodbye, a request not to be called again, a question, a name, a number. */
public final class Utterances {

    private static final List<String> DO_NOT_CALL = List.of(
            "don't call me again", "do not call me again", "don't call me anymore", "do not call me anymore",
            "never call me again", "stop calling", "remove me from your list", "take me off your list",
            "אל תתקשרו אליי", "אל תתקשרו אלי", "תפסיקו להתקשר", "תורידו אותי מהרשימה");
    private static final Pattern GOODBYE = Pattern.compile(
            "\\b(good ?bye|bye|see you|have a (good|nice) (day|one))\\b|להתראות|ביי", Pattern.CASE_INSENSITIVE);
    private static final Pattern QUESTION_START = Pattern.compile(
            "^(what|when|where|who|why|how|do|does|did|can|could|is|are|will|would|should)\\b",
            Pattern.CASE_INSENSITIVE);
    // The words after the introduction count as a name only when capitalised (or Hebrew): "I am not sure" is none.
    private static final Pattern NAME = Pattern.compile(
            "(?iu:my name is|this is|i am|i'm|name's|קוראים לי|שמי)\\s+"
                    + "([\\p{Lu}\\p{IsHebrew}][\\p{L}'-]*(?:\\s+[\\p{Lu}\\p{IsHebrew}][\\p{L}'-]*){0,2})");
    private static final Pattern NUMBER = Pattern.compile("\\+?\\d[\\d ().-]{5,}\\d");
    private static final String DEFAULT_REGION = "US";

    private Utterances() {
    }

    /** The caller asked not to be called again (English or Hebrew). */
    public static boolean asksNotToBeCalled(String utterance) {
        String normal = normalise(utterance);
        return DO_NOT_CALL.stream().anyMatch(normal::contains);
    }

    public static boolean isGoodbye(String utterance) {
        return utterance != null && GOODBYE.matcher(normalise(utterance)).find();
    }

    public static boolean isQuestion(String utterance) {
        return utterance != null && (utterance.contains("?") || QUESTION_START.matcher(utterance.strip()).find());
    }

    /** Whether the utterance is in Hebrew, so the agent's fixed phrases answer in Hebrew. */
    public static boolean isHebrew(String utterance) {
        return utterance != null && utterance.codePoints()
                .anyMatch(c -> Character.UnicodeBlock.of(c) == Character.UnicodeBlock.HEBREW);
    }

    /** The name the caller gave ("my name is Dana Levi"), without a trailing "and ..." clause. */
    public static Optional<String> name(String utterance) {
        if (utterance == null) {
            return Optional.empty();
        }
        Matcher matcher = NAME.matcher(utterance);
        if (!matcher.find()) {
            return Optional.empty();
        }
        String name = matcher.group(1).strip();
        return name.isEmpty() ? Optional.empty() : Optional.of(name);
    }

    /** The phone number the caller gave, in E.164 (read as a US number when spoken without a country code). */
    public static Optional<String> phoneNumber(String utterance) {
        if (utterance == null) {
            return Optional.empty();
        }
        Matcher matcher = NUMBER.matcher(utterance);
        while (matcher.find()) {
            Optional<String> e164 = PhoneNumbers.toE164(matcher.group(), DEFAULT_REGION);
            if (e164.isPresent()) {
                return e164;
            }
        }
        return Optional.empty();
    }

    private static String normalise(String utterance) {
        return utterance == null ? "" : utterance.toLowerCase(Locale.ROOT).replace('’', '\'').replaceAll("\\s+", " ");
    }
}
