package dev.voiceplatform.common.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class DbTimeTest {

    private static final Instant NANOS = Instant.parse("2026-11-22T10:15:30.123456789Z");
    private static final Instant MICROS = Instant.parse("2026-11-22T10:15:30.123456Z");

    @Test
    void nowKeepsMicrosecondsAsPostgresqlDoes() {
        assertEquals(MICROS, DbTime.now(Clock.fixed(NANOS, ZoneOffset.UTC)));
    }

    @Test
    void storedTimesAreUtcMicroseconds() {
        OffsetDateTime stored = DbTime.toDb(NANOS);
        assertEquals(ZoneOffset.UTC, stored.getOffset());
        assertEquals(MICROS, stored.toInstant());
        assertEquals(MICROS, DbTime.fromDb(OffsetDateTime.parse("2026-11-22T12:15:30.123456+02:00")));
        assertNull(DbTime.toDb(null));
        assertNull(DbTime.fromDb(null));
    }
}
