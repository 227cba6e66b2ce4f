package dev.voiceplatform.common.api;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.FieldError;
import java.util.ArrayList;
import java.util.List;

/** limit and offset of a list request, validated: limit 1 to max, offset 0 or more. */
public record PageRequest(int limit, int offset) {

    /** The page size of a list request that names none (part 8: list page 1 to 100, default 20). */
    public static final int DEFAULT_LIMIT = 20;
    /** The largest page a list request may ask for. */
    public static final int MAX_LIMIT = 100;

    /** A page of the platform's usual size: limit 1 to {@link #MAX_LIMIT}, {@link #DEFAULT_LIMIT} when absent. */
    public static PageRequest parse(String limit, String offset) {
        return parse(limit, offset, DEFAULT_LIMIT, MAX_LIMIT);
    }

    /** A page of a list with its own sizes (knowledge search, for one, defaults to 5). */
    public static PageRequest parse(String limit, String offset, int defaultLimit, int maxLimit) {
        List<FieldError> problems = new ArrayList<>();
        int parsedLimit = defaultLimit;
        int parsedOffset = 0;
        if (limit != null) {
            Integer value = parseInt(limit);
            if (value == null || value < 1 || value > maxLimit) {
                problems.add(new FieldError("limit", "must be an integer from 1 to " + maxLimit));
            } else {
                parsedLimit = value;
            }
        }
        if (offset != null) {
            Integer value = parseInt(offset);
            if (value == null || value < 0) {
                problems.add(new FieldError("offset", "must be an integer of 0 or more"));
            } else {
                parsedOffset = value;
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.validation(problems);
        }
        return new PageRequest(parsedLimit, parsedOffset);
    }

    private static Integer parseInt(String raw) {
        try {
            return Integer.valueOf(raw.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
