package dev.voiceplatform.gateway.routing;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.regex.Pattern;

/** The dated versions of part 9: which are served, and which one a request is pinned to. */
public final class ApiVersions {

    public static final String HEADER = "Service-Version";
    /** Served versions, oldest first (the last is the current one). A request without the header gets the oldest. */
    public static final List<String> SERVED = List.of("2026-01-01", "2026-08-06");
    private static final Pattern DATE_SHAPE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");

    private ApiVersions() {
    }

    public static String oldest() {
        return SERVED.get(0);
    }

    /**
     * The version the request is pinned to. Not a calendar date (yyyy-MM-dd): INVALID_API_VERSION; a date that
     * is not served: UNSUPPORTED_API_VERSION. No silent fallback to a neighbouring version.
     */
    public static String resolve(String header) {
        if (header == null) {
            return oldest();
        }
        String value = header.strip();
        if (!isDate(value)) {
            throw ApiException.of(ErrorCode.INVALID_API_VERSION, HEADER + " must be a date in the form yyyy-MM-dd")
                    .withDetail("supported_versions", SERVED);
        }
        if (!SERVED.contains(value)) {
            throw ApiException.of(ErrorCode.UNSUPPORTED_API_VERSION, "Version " + value + " is not served")
                    .withDetail("supported_versions", SERVED);
        }
        return value;
    }

    private static boolean isDate(String value) {
        if (!DATE_SHAPE.matcher(value).matches()) {
            return false;
        }
        try {
            LocalDate.parse(value, DateTimeFormatter.ISO_LOCAL_DATE);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
