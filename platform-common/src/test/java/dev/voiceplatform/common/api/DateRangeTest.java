package dev.voiceplatform.common.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DateRangeTest {

    @Test
    void aDateCoversTheWholeUtcDay() {
        DateRange range = DateRange.parse("2026-11-01", "2026-11-01");
        assertEquals(Instant.parse("2026-11-01T00:00:00Z"), range.from());
        assertEquals(Instant.parse("2026-11-02T00:00:00Z"), range.until());
    }

    @Test
    void dateTimesAreExactWithOrWithoutAnOffset() {
        DateRange range = DateRange.parse("2026-11-01T10:00:00+02:00", "2026-11-01T12:00:00");
        assertEquals(Instant.parse("2026-11-01T08:00:00Z"), range.from());
        assertEquals(Instant.parse("2026-11-01T12:00:00.000001Z"), range.until());
        assertEquals(Instant.parse("2026-11-01T10:00:00Z"), DateRange.parse("2026-11-01T10:00:00Z", null).from());
        assertNull(DateRange.parse(null, null).from());
    }

    @Test
    void unreadableDatesAndAnEmptyRangeAreValidationErrors() {
        ApiException e = assertThrows(ApiException.class, () -> DateRange.parse("yesterday", "2026-13-01"));
        assertEquals(ErrorCode.VALIDATION_ERROR, e.code());
        assertEquals(2, e.fields().size());
        assertEquals("from_date", assertThrows(ApiException.class,
                () -> DateRange.parse("2026-11-02", "2026-11-01")).fields().get(0).field());
    }
}
