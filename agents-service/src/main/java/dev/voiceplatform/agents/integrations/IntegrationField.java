package dev.voiceplatform.agents.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.voiceplatform.common.api.JsonBody;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One key of an integration: its name as GET shows it, the other names PATCH accepts for it, the type its value
 * must have and the value shown when nothing is saved (JSON null: none).
 */
public record IntegrationField(String name, Kind kind, JsonNode defaultValue, List<String> aliases) {

    static final int MAX_TEXT_CHARACTERS = 500;
    static final int MAX_LIST_ITEMS = 50;
    static final int MAX_ITEM_CHARACTERS = 100;
    static final int MIN_DURATION_MINUTES = 5;
    static final int MAX_DURATION_MINUTES = 480;
    static final int MAX_REMINDERS = 5;
    /** Four weeks: the furthest ahead a calendar reminder is sent. */
    static final int MAX_REMINDER_MINUTES = 40320;

    /** The value types integration settings take. */
    public enum Kind { BOOLEAN, TEXT, TEXT_LIST, MINUTES, REMINDERS }

    static IntegrationField bool(String name) {
        return new IntegrationField(name, Kind.BOOLEAN, NullNode.instance, List.of());
    }

    static IntegrationField text(String name) {
        return new IntegrationField(name, Kind.TEXT, NullNode.instance, List.of());
    }

    static IntegrationField textList(String name) {
        return new IntegrationField(name, Kind.TEXT_LIST, NullNode.instance, List.of());
    }

    static IntegrationField minutes(String name) {
        return new IntegrationField(name, Kind.MINUTES, NullNode.instance, List.of());
    }

    static IntegrationField reminders(String name) {
        return new IntegrationField(name, Kind.REMINDERS, NullNode.instance, List.of());
    }

    IntegrationField withDefault(boolean value) {
        return withDefault(BooleanNode.valueOf(value));
    }

    IntegrationField withDefault(int value) {
        return withDefault(IntNode.valueOf(value));
    }

    IntegrationField withDefault(String value) {
        return withDefault(TextNode.valueOf(value));
    }

    IntegrationField withDefault(JsonNode value) {
        return new IntegrationField(name, kind, value, aliases);
    }

    IntegrationField withAlias(String alias) {
        return new IntegrationField(name, kind, defaultValue, List.of(alias));
    }

    boolean accepts(String key) {
        return name.equals(key) || aliases.contains(key);
    }

    /** Records on {@code body} why {@code value}, sent under {@code key}, does not fit; null (clear) always fits. */
    public void check(JsonBody body, String key, JsonNode value) {
        if (value.isNull()) {
            return;
        }
        switch (kind) {
            case BOOLEAN -> {
                if (!value.isBoolean()) {
                    body.reject(key, "must be true or false");
                }
            }
            case TEXT -> {
                if (!value.isTextual()) {
                    body.reject(key, "must be a string");
                } else {
                    body.maxCharacters(key, value.asText(), MAX_TEXT_CHARACTERS);
                }
            }
            case TEXT_LIST -> checkTextList(body, key, value);
            case MINUTES -> {
                if (!isIntBetween(value, MIN_DURATION_MINUTES, MAX_DURATION_MINUTES)) {
                    body.reject(key, "must be an integer between " + MIN_DURATION_MINUTES + " and "
                            + MAX_DURATION_MINUTES + " minutes");
                }
            }
            case REMINDERS -> checkReminders(body, key, value);
        }
    }

    private static void checkTextList(JsonBody body, String key, JsonNode value) {
        if (!value.isArray() || value.size() > MAX_LIST_ITEMS) {
            body.reject(key, "must be an array of at most " + MAX_LIST_ITEMS + " strings");
            return;
        }
        Set<String> seen = new HashSet<>();
        for (JsonNode item : value) {
            if (!item.isTextual() || item.asText().isBlank()
                    || JsonBody.characters(item.asText()) > MAX_ITEM_CHARACTERS) {
                body.reject(key, "must hold non-blank strings of at most " + MAX_ITEM_CHARACTERS + " characters");
                return;
            }
            if (!seen.add(item.asText())) {
                body.reject(key, "must not repeat '" + item.asText() + "'");
                return;
            }
        }
    }

    private static void checkReminders(JsonBody body, String key, JsonNode value) {
        if (!value.isArray() || value.size() > MAX_REMINDERS) {
            body.reject(key, "must be an array of at most " + MAX_REMINDERS + " reminders");
            return;
        }
        for (JsonNode item : value) {
            if (!isIntBetween(item, 0, MAX_REMINDER_MINUTES)) {
                body.reject(key, "must hold minutes before the event, integers from 0 to " + MAX_REMINDER_MINUTES);
                return;
            }
        }
    }

    private static boolean isIntBetween(JsonNode value, int min, int max) {
        return value.isIntegralNumber() && value.canConvertToInt() && value.intValue() >= min
                && value.intValue() <= max;
    }
}
