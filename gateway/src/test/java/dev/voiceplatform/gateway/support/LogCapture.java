package dev.voiceplatform.gateway.support;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import org.jboss.logmanager.ExtLogRecord;
import org.jboss.logmanager.Logger;

/** Records every log line the application writes while it is open. */
public final class LogCapture implements AutoCloseable {

    private final List<ExtLogRecord> records = new CopyOnWriteArrayList<>();
    private final Logger root = Logger.getLogger("");
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            ExtLogRecord extended = (ExtLogRecord) record;
            extended.copyAll();
            records.add(extended);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    public LogCapture() {
        root.addHandler(handler);
    }

    public List<ExtLogRecord> records() {
        return List.copyOf(records);
    }

    /** Lines whose formatted message contains {@code text}. */
    public List<ExtLogRecord> containing(String text) {
        return records.stream().filter(record -> record.getFormattedMessage().contains(text)).toList();
    }

    @Override
    public void close() {
        root.removeHandler(handler);
    }
}
