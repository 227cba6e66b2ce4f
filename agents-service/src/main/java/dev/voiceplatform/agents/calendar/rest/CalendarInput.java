package dev.voiceplatform.agents.calendar.rest;

import dev.voiceplatform.agents.calendar.service.CalendarService;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import java.time.ZoneId;
import java.util.List;
import java.util.UUID;

/** Reads and checks a PUT /agents/:id/calendar body; every key is optional and an absent key is unchanged. */
public final class CalendarInput {

    public static final String CONNECTION = "calendarConnectionId";
    static final List<String> KEYS = List.of(CONNECTION, "isEnabled", "timezone", "defaultDuration", "bufferTime",
            "eventTypeId", "eventTypeSlug");
    static final int MIN_DURATION = 5;
    static final int MAX_DURATION = 480;
    static final int MIN_BUFFER = 0;
    static final int MAX_BUFFER = 240;
    static final int MAX_EVENT_TYPE_CHARACTERS = 200;

    /**
     * The keys sent. A {@link Sent} is null when its key was absent; its value is null when the key clears (an
     * empty string or null for the connection and the event type).
     */
    public record Changes(Sent<UUID> connection, Boolean enabled, String timezone, Integer defaultDuration,
            Integer bufferTime, Sent<String> eventTypeId, Sent<String> eventTypeSlug) {

        /** The connection the organization must own, or null when none is being attached. */
        public UUID connectionToCheck() {
            return connection == null ? null : connection.value();
        }
    }

    /** A key that was sent, with its value (null: cleared). */
    public record Sent<T>(T value) {
    }

    private CalendarInput() {
    }

    public static Changes read(JsonBody body) {
        body.rejectUnknown(KEYS);
        Sent<UUID> connection = body.has(CONNECTION) ? new Sent<>(connectionId(body)) : null;
        Boolean enabled = body.bool("isEnabled");
        requireNotNull(body, "isEnabled");
        String timezone = body.string("timezone");
        requireNotNull(body, "timezone");
        if (timezone != null && !isTimezone(timezone)) {
            body.reject("timezone", "must be an IANA timezone name such as Europe/London");
        }
        Integer duration = minutes(body, "defaultDuration", MIN_DURATION, MAX_DURATION);
        Integer buffer = minutes(body, "bufferTime", MIN_BUFFER, MAX_BUFFER);
        Sent<String> eventTypeId = optionalText(body, "eventTypeId");
        Sent<String> eventTypeSlug = optionalText(body, "eventTypeSlug");
        body.throwIfInvalid();
        return new Changes(connection, enabled, timezone, duration, buffer, eventTypeId, eventTypeSlug);
    }

    /** A zone id of the IANA database (region names and UTC); offsets such as +02:00 are not names. */
    public static boolean isTimezone(String value) {
        return value != null && ZoneId.getAvailableZoneIds().contains(value);
    }

    private static UUID connectionId(JsonBody body) {
        String raw = body.string(CONNECTION);
        if (raw == null || raw.isEmpty()) {
            return null;
        }
        UUID id = Ids.parseOrNull(raw);
        if (id == null) {
            body.reject(CONNECTION, CalendarService.NOT_A_CONNECTION);
        }
        return id;
    }

    private static Integer minutes(JsonBody body, String field, int min, int max) {
        Integer value = body.integer(field);
        requireNotNull(body, field);
        if (value != null && (value < min || value > max)) {
            body.reject(field, "must be between " + min + " and " + max + " minutes");
        }
        return value;
    }

    private static Sent<String> optionalText(JsonBody body, String field) {
        if (!body.has(field)) {
            return null;
        }
        String value = body.string(field);
        body.maxCharacters(field, value, MAX_EVENT_TYPE_CHARACTERS);
        return new Sent<>(value == null || value.isEmpty() ? null : value);
    }

    /** The settings that always have a value refuse an explicit null. */
    private static void requireNotNull(JsonBody body, String field) {
        if (body.has(field) && body.node(field).isNull()) {
            body.reject(field, "must not be null");
        }
    }
}
