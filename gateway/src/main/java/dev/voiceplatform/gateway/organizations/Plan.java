package dev.voiceplatform.gateway.organizations;

import dev.voiceplatform.common.access.Plans;
import java.util.Locale;

/** Billing plan of an organization; the rate-limit tier and the default agent limit follow from it. */
public enum Plan {
    TRIAL("free", 3),
    STARTER("standard", 10),
    PRO("premium", 50),
    ENTERPRISE("premium", 500);

    /** The values bean validation accepts, as a regular expression. */
    public static final String WIRE_PATTERN = Plans.PATTERN;

    private final String rateLimitTier;
    private final int defaultMaxAgents;

    Plan(String rateLimitTier, int defaultMaxAgents) {
        this.rateLimitTier = rateLimitTier;
        this.defaultMaxAgents = defaultMaxAgents;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String rateLimitTier() {
        return rateLimitTier;
    }

    public int defaultMaxAgents() {
        return defaultMaxAgents;
    }

    public static Plan fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
