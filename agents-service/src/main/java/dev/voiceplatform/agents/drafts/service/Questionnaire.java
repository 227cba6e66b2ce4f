package dev.voiceplatform.agents.drafts.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.api.JsonBody;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The answers of the questionnaire wizard, validated. Website facts a client adds (and marks with
 * {@code fromWebsite}) may come along as services, businessHours, phoneNumbers and emails; other fields of a
 * website draft posted back whole are ignored.
 */
public record Questionnaire(String businessName, DraftLanguage language, CallDirection callDirection, String industry,
        String businessDescription, List<String> goals, Tone tone, ResponseLength responseLength, String agentName,
        String openingLine, List<QuestionAnswer> qAndA, String qAndAText, List<String> escalationRules,
        boolean fromWebsite, List<String> services, List<String> businessHours, List<String> phoneNumbers,
        List<String> emails) {

    static final int MAX_BUSINESS_NAME = 200;
    static final int MAX_AGENT_NAME = 100;
    static final int MAX_INDUSTRY = 100;
    static final int MAX_DESCRIPTION = 4000;
    static final int MAX_OPENING_LINE = 500;
    static final int MAX_GOALS = 12;
    static final int MAX_GOAL = 500;
    static final int MAX_QUESTIONS = 50;
    static final int MAX_QUESTION = 500;
    static final int MAX_ANSWER = 2000;
    static final int MAX_FREE_TEXT = 8000;
    static final int MAX_RULES = 20;
    static final int MAX_FACTS = 30;
    static final int MAX_FACT = 200;

    enum CallDirection {
        INBOUND, OUTBOUND
    }

    enum ResponseLength {
        SHORT, MEDIUM, LONG;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static Questionnaire read(JsonBody body) {
        String businessName = body.requiredString("businessName");
        body.maxCharacters("businessName", businessName, MAX_BUSINESS_NAME);
        DraftLanguage language = DraftLanguage.read(body, "primaryLanguage");
        CallDirection direction = oneOf(body, "callDirection", CallDirection.class, CallDirection.INBOUND);
        String industry = optionalString(body, "industry", MAX_INDUSTRY);
        String description = optionalString(body, "businessDescription", MAX_DESCRIPTION);
        List<String> goals = strings(body, "goals", MAX_GOALS, MAX_GOAL);
        String toneText = body.string("tone");
        Tone tone = null;
        if (toneText != null) {
            tone = Tone.fromId(toneText.strip().toLowerCase(Locale.ROOT)).orElse(null);
            if (tone == null) {
                body.reject("tone", "must be one of " + String.join(", ", Tone.ids()));
            }
        }
        ResponseLength length = oneOf(body, "responseLength", ResponseLength.class, ResponseLength.MEDIUM);
        String agentName = optionalString(body, "agentName", MAX_AGENT_NAME);
        String openingLine = optionalString(body, "openingLine", MAX_OPENING_LINE);
        List<QuestionAnswer> qAndA = new ArrayList<>();
        String qAndAText = null;
        JsonNode qAndANode = body.node("qAndA");
        if (qAndANode != null && qAndANode.isTextual()) {
            qAndAText = optionalString(body, "qAndA", MAX_FREE_TEXT);
        } else {
            qAndA = questions(body);
        }
        List<String> escalationRules = textOrStrings(body, "escalationRules", MAX_RULES, MAX_GOAL, MAX_FREE_TEXT);
        Boolean fromWebsite = body.bool("fromWebsite");
        List<String> services = strings(body, "services", MAX_FACTS, MAX_FACT);
        List<String> hours = strings(body, "businessHours", MAX_FACTS, MAX_FACT);
        List<String> phones = strings(body, "phoneNumbers", MAX_FACTS, MAX_FACT);
        List<String> emails = strings(body, "emails", MAX_FACTS, MAX_FACT);
        body.throwIfInvalid();
        return new Questionnaire(businessName.strip(), language, direction, industry, description, goals,
                tone, length, agentName, openingLine, qAndA, qAndAText, escalationRules,
                Boolean.TRUE.equals(fromWebsite), services, hours, phones, emails);
    }

    private static String optionalString(JsonBody body, String field, int max) {
        String value = body.string(field);
        body.maxCharacters(field, value, max);
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static <E extends Enum<E>> E oneOf(JsonBody body, String field, Class<E> type, E fallback) {
        String value = body.string(field);
        if (value == null) {
            return fallback;
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(value.strip())) {
                return constant;
            }
        }
        List<String> allowed = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            allowed.add(constant.name().toLowerCase(Locale.ROOT));
        }
        body.reject(field, "must be one of " + String.join(", ", allowed));
        return fallback;
    }

    /** An array of non-blank strings, each at most {@code maxLength} characters. */
    static List<String> strings(JsonBody body, String field, int maxItems, int maxLength) {
        JsonNode node = body.node(field);
        List<String> values = new ArrayList<>();
        if (node == null || node.isNull()) {
            return values;
        }
        if (!node.isArray()) {
            body.reject(field, "must be an array of strings");
            return values;
        }
        if (node.size() > maxItems) {
            body.reject(field, "must have at most " + maxItems + " items");
            return values;
        }
        for (int i = 0; i < node.size(); i++) {
            JsonNode item = node.get(i);
            String name = field + "[" + i + "]";
            if (!item.isTextual()) {
                body.reject(name, "must be a string");
            } else if (JsonBody.characters(item.asText()) > maxLength) {
                body.reject(name, "must be at most " + maxLength + " characters");
            } else if (!item.asText().isBlank()) {
                values.add(item.asText().strip());
            }
        }
        return values;
    }

    /** Free text (one rule per line) or an array of strings. */
    private static List<String> textOrStrings(JsonBody body, String field, int maxItems, int maxLength, int maxText) {
        JsonNode node = body.node(field);
        if (node != null && node.isTextual()) {
            String text = optionalString(body, field, maxText);
            return text == null ? List.of() : TextFacts.lines(text);
        }
        if (node != null && !node.isNull() && !node.isArray()) {
            body.reject(field, "must be a string or an array of strings");
            return List.of();
        }
        return strings(body, field, maxItems, maxLength);
    }

    /** {@code [{question, answer}]}, both strings, the question required. */
    private static List<QuestionAnswer> questions(JsonBody body) {
        JsonNode node = body.node("qAndA");
        List<QuestionAnswer> pairs = new ArrayList<>();
        if (node == null || node.isNull()) {
            return pairs;
        }
        if (!node.isArray()) {
            body.reject("qAndA", "must be an array of {question, answer} objects or a string");
            return pairs;
        }
        if (node.size() > MAX_QUESTIONS) {
            body.reject("qAndA", "must have at most " + MAX_QUESTIONS + " items");
            return pairs;
        }
        for (int i = 0; i < node.size(); i++) {
            JsonNode item = node.get(i);
            String prefix = "qAndA[" + i + "]";
            if (!item.isObject()) {
                body.reject(prefix, "must be an object with question and answer");
                continue;
            }
            JsonNode question = item.get("question");
            JsonNode answer = item.get("answer");
            if (question == null || !question.isTextual() || question.asText().isBlank()) {
                body.reject(prefix + ".question", "is required and must be a string");
            } else if (JsonBody.characters(question.asText()) > MAX_QUESTION) {
                body.reject(prefix + ".question", "must be at most " + MAX_QUESTION + " characters");
            }
            if (answer != null && !answer.isNull() && !answer.isTextual()) {
                body.reject(prefix + ".answer", "must be a string");
            } else if (answer != null && answer.isTextual() && JsonBody.characters(answer.asText()) > MAX_ANSWER) {
                body.reject(prefix + ".answer", "must be at most " + MAX_ANSWER + " characters");
            }
            if (question != null && question.isTextual() && !question.asText().isBlank()) {
                pairs.add(new QuestionAnswer(question.asText().strip(),
                        answer == null || !answer.isTextual() ? "" : answer.asText().strip()));
            }
        }
        return pairs;
    }
}
