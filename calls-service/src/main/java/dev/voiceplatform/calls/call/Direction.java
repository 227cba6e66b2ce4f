package dev.voiceplatform.calls.call;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Who placed the call: the agent (outbound) or the person calling the organization's number (inbound). */
public enum Direction {
    INBOUND, OUTBOUND;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Direction> fromWire(String value) {
        return Arrays.stream(values()).filter(direction -> direction.wireName().equals(value)).findFirst();
    }

    public static List<String> wireNames() {
        return Arrays.stream(values()).map(Direction::wireName).toList();
    }
}
