package dev.voiceplatform.common.access;

import java.util.List;

/** The billing plans an organization can be on, by the names the admin API and {@code ./platform} take. */
public final class Plans {

    public static final String TRIAL = "trial";
    public static final String STARTER = "starter";
    public static final String PRO = "pro";
    public static final String ENTERPRISE = "enterprise";

    /** Every plan, cheapest first. */
    public static final List<String> ALL = List.of(TRIAL, STARTER, PRO, ENTERPRISE);

    /** {@link #ALL} as a regular expression, for bean validation. */
    public static final String PATTERN = TRIAL + "|" + STARTER + "|" + PRO + "|" + ENTERPRISE;

    private Plans() {
    }
}
