package dev.voiceplatform.common.api;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.FieldError;
import java.util.ArrayList;
import java.util.List;

/** limit and offset of a list request, validated: limit 1 to max, offset 0 or more. */
public record PageRequest(int limit, int offset) {

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
