package dev.voiceplatform.leads.lead;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The lead pipeline. A lead starts {@code new}; {@code converted} is final; a {@code lost} lead can be reopened.
 * Staying in the same status is always allowed and changes nothing.
 */
public enum LeadStatus {
    NEW, CONTACTED, QUALIFIED, CONVERTED, LOST;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<LeadStatus> fromWire(String value) {
        for (LeadStatus status : values()) {
            if (status.wireName().equals(value)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }

    /** The statuses a lead in this status may move to. */
    public Set<LeadStatus> next() {
        return switch (this) {
            case NEW -> EnumSet.of(CONTACTED, QUALIFIED, CONVERTED, LOST);
            case CONTACTED -> EnumSet.of(QUALIFIED, CONVERTED, LOST);
            case QUALIFIED -> EnumSet.of(CONTACTED, CONVERTED, LOST);
            case LOST -> EnumSet.of(NEW, CONTACTED);
            case CONVERTED -> EnumSet.noneOf(LeadStatus.class);
        };
    }

    public boolean canMoveTo(LeadStatus target) {
        return target == this || next().contains(target);
    }

    public static String wireNames() {
        StringBuilder out = new StringBuilder();
        for (LeadStatus status : values()) {
            if (!out.isEmpty()) {
                out.append(", ");
            }
            out.append(status.wireName());
        }
        return out.toString();
    }
}
