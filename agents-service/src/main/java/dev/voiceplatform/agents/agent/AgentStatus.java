package dev.voiceplatform.agents.agent;

import java.util.Locale;
import java.util.Optional;

/** The states of part 3.1. {@code published} is true exactly when the status is active. */
public enum AgentStatus {
    ACTIVE, INACTIVE, DRAFT, TESTING;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<AgentStatus> fromWire(String value) {
        for (AgentStatus status : values()) {
            if (status.wireName().equals(value)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }
}
