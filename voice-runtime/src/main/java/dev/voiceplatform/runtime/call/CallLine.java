package dev.voiceplatform.runtime.call;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.UUID;

/**
 * A call the runtime carries, as it was placed.
 *
 * @param id the call's id (the calls service's record)
 * @param to the number dialled (outbound) or the organization's number called (inbound)
 * @param from the organization's number (outbound; may be null) or the person calling in (inbound)
 * @param metadata the dynamic variables the call was placed with
 */
public record CallLine(UUID id, UUID organizationId, UUID agentId, Direction direction, String to, String from,
        ObjectNode metadata) {

    public enum Direction {
        OUTBOUND, INBOUND;

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The number of the person on the line: the one dialled, or the one calling in. */
    public String personNumber() {
        return direction == Direction.OUTBOUND ? to : from;
    }
}
