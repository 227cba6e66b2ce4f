package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.UUID;

/** One record per event type; the record is the envelope's {@code data}. */
public interface PlatformEvent {

    /** The event type, such as {@code agent.created}. */
    @JsonIgnore
    String type();

    /** The topic of the owning domain. */
    @JsonIgnore
    String topic();

    /** The Kafka key: the aggregate id, so one aggregate's events stay in order. */
    @JsonIgnore
    String aggregateKey();

    /** The agent the event concerns, when there is one. */
    @JsonIgnore
    UUID agentId();
}
