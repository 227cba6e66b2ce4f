package dev.voiceplatform.common.inbox;

import dev.voiceplatform.common.events.EventEnvelope;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;

/**
 * What a consuming service implements, one bean per consumer; {@link Inbox} runs it. Events arrive at least once
 * and in order per Kafka key; the inbox hands each event id to {@link #apply} once, on the transaction that also
 * records it as processed.
 */
public interface InboxHandler {

    /** The consumer's name: its Kafka consumer group and its rows in {@code processed_event}. */
    String consumer();

    /** The topic it reads. */
    String topic();

    /** The event types it applies; any other type is passed over without touching the database. */
    Set<String> types();

    /**
     * Applies one event using {@code transaction}, which commits together with the processed mark; throwing rolls
     * both back and the event is read again.
     */
    void apply(Connection transaction, EventEnvelope.Received event) throws SQLException;
}
