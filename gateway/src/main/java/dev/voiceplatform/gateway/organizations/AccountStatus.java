package dev.voiceplatform.gateway.organizations;

import java.util.Locale;

/** Standing of an organization's account; only an active account may place calls. */
public enum AccountStatus {
    ACTIVE, SUSPENDED, TRIAL_EXPIRED;

    /** The values bean validation accepts, as a regular expression. */
    public static final String WIRE_PATTERN = "active|suspended|trial_expired";

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean canPlaceCalls() {
        return this == ACTIVE;
    }

    public static AccountStatus fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
