package dev.voiceplatform.common.security;

/** Claim names of the internal token the gateway mints for each forwarded request. */
public final class InternalClaims {

    public static final String ORGANIZATION = "org";
    public static final String KEY_KIND = "key_kind";
    public static final String TIER = "tier";
    public static final String MAX_AGENTS = "max_agents";
    public static final String ACCOUNT_STATUS = "account_status";
    public static final String ENTITLEMENTS = "entitlements";
    public static final String CAN_PLACE_CALLS = "can_place_calls";
    /** The group background work carries; internal endpoints accept it. */
    public static final String INTERNAL_GROUP = "internal";

    private InternalClaims() {
    }
}
