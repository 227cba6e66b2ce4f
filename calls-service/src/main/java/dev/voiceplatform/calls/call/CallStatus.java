package dev.voiceplatform.calls.call;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The states of a call (part 3.2): initiating, then in_progress once answered, then one of the three ends. */
public enum CallStatus {
    INITIATING, IN_PROGRESS, COMPLETED, MISSED, FAILED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean ended() {
        return this == COMPLETED || this == MISSED || this == FAILED;
    }

    public static Optional<CallStatus> fromWire(String value) {
        return Arrays.stream(values()).filter(status -> status.wireName().equals(value)).findFirst();
    }

    public static List<String> wireNames() {
        return Arrays.stream(values()).map(CallStatus::wireName).toList();
    }
}
