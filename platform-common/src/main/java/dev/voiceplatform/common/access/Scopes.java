package dev.voiceplatform.common.access;

import java.util.List;

/**
 * The scope table of part 5 of the specification: the only names an API key can hold. There is no wildcard.
 * Constants, so services name them in {@code @RolesAllowed} and the gateway, the admin tools and the
 * {@code ./platform} help all read the same list.
 */
public final class Scopes {

    public static final String CALLS_READ = "calls:read";
    public static final String CALLS_WRITE = "calls:write";
    public static final String CALLS_CONTROL = "calls:control";
    public static final String LEADS_READ = "leads:read";
    public static final String LEADS_WRITE = "leads:write";
    public static final String AGENTS_READ = "agents:read";
    public static final String AGENTS_WRITE = "agents:write";
    public static final String AGENTS_DELETE = "agents:delete";
    public static final String AGENTS_TEST = "agents:test";
    public static final String KNOWLEDGE_READ = "knowledge:read";
    public static final String KNOWLEDGE_WRITE = "knowledge:write";
    public static final String PHONE_NUMBERS_READ = "phone_numbers:read";
    public static final String PHONE_NUMBERS_WRITE = "phone_numbers:write";
    public static final String WEBHOOKS_MANAGE = "webhooks:manage";

    /** Every scope, in the specification's order. */
    public static final List<String> ALL = List.of(
            CALLS_READ, CALLS_WRITE, CALLS_CONTROL,
            LEADS_READ, LEADS_WRITE,
            AGENTS_READ, AGENTS_WRITE, AGENTS_DELETE, AGENTS_TEST,
            KNOWLEDGE_READ, KNOWLEDGE_WRITE,
            PHONE_NUMBERS_READ, PHONE_NUMBERS_WRITE,
            WEBHOOKS_MANAGE);

    private Scopes() {
    }
}
