package dev.voiceplatform.common.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.VertxException;
import io.vertx.pgclient.PgException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StoreFailureLogTest {

    private static final String LOGGER = "dev.voiceplatform.common.db.StoreFailureLogTest.log";

    private final List<LogRecord> lines = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            lines.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final AtomicLong nanos = new AtomicLong();
    private StoreFailureLog log;

    @BeforeEach
    void capture() {
        java.util.logging.Logger.getLogger(LOGGER).addHandler(capture);
        log = new StoreFailureLog(Logger.getLogger(LOGGER), Duration.ofSeconds(10), nanos::get);
    }

    @AfterEach
    void release() {
        java.util.logging.Logger.getLogger(LOGGER).removeHandler(capture);
    }

    private static String message(LogRecord record) {
        return record instanceof org.jboss.logmanager.ExtLogRecord extended ? extended.getFormattedMessage()
                : record.getMessage();
    }

    @Test
    void anOutageIsOneLineThenACountPerInterval() {
        ConnectException refused = new ConnectException("Connection refused: /127.0.0.1:5432");
        assertTrue(log.failed("API keys cannot be looked up", refused));
        for (int i = 0; i < 2_000; i++) {
            assertFalse(log.failed("API keys cannot be looked up", refused));
        }
        nanos.addAndGet(Duration.ofSeconds(9).toNanos());
        assertFalse(log.failed("API keys cannot be looked up", refused));
        nanos.addAndGet(Duration.ofSeconds(1).toNanos());
        assertTrue(log.failed("API keys cannot be looked up", refused));

        assertEquals(2, lines.size());
        assertEquals("API keys cannot be looked up: java.net.ConnectException: Connection refused: /127.0.0.1:5432",
                message(lines.get(0)));
        assertTrue(message(lines.get(1)).startsWith("API keys cannot be looked up (and 2001 more times since the last"),
                message(lines.get(1)));
        assertNull(lines.get(0).getThrown(), "a known store failure has no stack trace");
        assertNull(lines.get(1).getThrown());
    }

    @Test
    void eachKindOfFailureHasItsOwnLine() {
        assertTrue(log.failed("API keys cannot be looked up", new ConnectException("refused")));
        assertTrue(log.failed("Rate-limit counters cannot be reached", new ConnectException("refused")));
        assertTrue(log.failed("API keys cannot be looked up",
                new VertxException("Timeout waiting for connection", true)));
        assertFalse(log.failed("API keys cannot be looked up", new ConnectException("refused again")));
        assertEquals(3, lines.size());
    }

    @Test
    void aFailureOfTheStatementItselfKeepsItsStackTrace() {
        PgException syntax = new PgException("syntax error at or near \"SELEC\"", "ERROR", "42601", null);
        assertTrue(log.failed("Rate-limit counters cannot be reached", syntax));
        assertNotNull(lines.get(0).getThrown());
    }

    @Test
    void databaseOutagesAreToldFromFaults() {
        assertTrue(StoreFailures.unreachable(new ConnectException("refused")));
        assertTrue(StoreFailures.unreachable(new VertxException("Timeout waiting for connection", true)));
        assertTrue(StoreFailures.unreachable(new RuntimeException(new ConnectException("refused"))));
        assertTrue(StoreFailures.unreachable(new PgException("the database system is starting up", "FATAL", "57P03",
                null)));
        assertTrue(StoreFailures.unreachable(new PgException("too many clients", "FATAL", "53300", null)));
        assertFalse(StoreFailures.unreachable(new PgException("duplicate key", "ERROR", "23505", null)));
        assertFalse(StoreFailures.unreachable(new IllegalStateException("Result is already complete")));
    }
}
