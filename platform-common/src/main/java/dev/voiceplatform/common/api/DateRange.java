package dev.voiceplatform.common.api;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.FieldError;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code from_date} / {@code to_date} filter of list endpoints, in UTC. A date alone covers the whole day
 * (from its first instant through its last); a date-time is exact, with its offset or UTC when it has none.
 *
 * @param from the first instant included, or null
 * @param until the first instant no longer included, or null
 */
public record DateRange(Instant from, Instant until) {

    public static DateRange parse(String fromDate, String toDate) {
        List<FieldError> problems = new ArrayList<>();
        Instant from = parse("from_date", fromDate, false, problems);
        Instant until = parse("to_date", toDate, true, problems);
        if (problems.isEmpty() && from != null && until != null && !from.isBefore(until)) {
            problems.add(new FieldError("from_date", "must be before to_date"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.validation(problems);
        }
        return new DateRange(from, until);
    }

    private static Instant parse(String field, String raw, boolean end, List<FieldError> problems) {
        if (raw == null) {
            return null;
        }
        String value = raw.strip();
        try {
            if (value.length() == 10) {
                LocalDate day = LocalDate.parse(value);
                return (end ? day.plusDays(1) : day).atStartOfDay().toInstant(ZoneOffset.UTC);
            }
            Instant instant = hasOffset(value)
                    ? OffsetDateTime.parse(value).toInstant()
                    : LocalDateTime.parse(value).toInstant(ZoneOffset.UTC);
            // An exact end is included, so the range stops just after it.
            return end ? instant.plusNanos(1000) : instant;
        } catch (DateTimeParseException e) {
            problems.add(new FieldError(field, "must be an ISO 8601 date or date-time"));
            return null;
        }
    }

    private static boolean hasOffset(String value) {
        int time = value.indexOf('T');
        return value.endsWith("Z") || value.endsWith("z")
                || (time > 0 && (value.indexOf('+', time) > 0 || value.indexOf('-', time) > 0));
    }
}
