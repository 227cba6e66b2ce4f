package dev.voiceplatform.agents.calendar;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.voiceplatform.agents.calendar.rest.CalendarInput;
import java.time.Instant;
import java.util.UUID;

/**
 * An agent's calendar settings as part 2.13 shows them, plus what PUT accepts beyond them (calendarConnectionId,
 * eventTypeId, eventTypeSlug), so a client reads back what it wrote. Nothing saved: the defaults, with an empty
 * id and null timestamps.
 */
public record CalendarSettings(
        String id,
        UUID agentId,
        @JsonProperty("isEnabled") boolean isEnabled,
        String timezone,
        int defaultDuration,
        int bufferTime,
        UUID calendarConnectionId,
        String eventTypeId,
        String eventTypeSlug,
        Instant createdAt,
        Instant updatedAt) {

    static final String UTC = "UTC";
    static final int DEFAULT_DURATION_MINUTES = 30;
    static final int DEFAULT_BUFFER_MINUTES = 0;

    /** What an agent with nothing saved answers: booking off, the agent's own timezone, 30-minute meetings. */
    public static CalendarSettings defaults(UUID agentId, String agentTimezone) {
        return new CalendarSettings("", agentId, false, defaultTimezone(agentTimezone), DEFAULT_DURATION_MINUTES,
                DEFAULT_BUFFER_MINUTES, null, null, null, null, null);
    }

    /** The agent's agentTimezone setting when it names a zone, otherwise UTC. */
    static String defaultTimezone(String agentTimezone) {
        return CalendarInput.isTimezone(agentTimezone) ? agentTimezone : UTC;
    }
}
