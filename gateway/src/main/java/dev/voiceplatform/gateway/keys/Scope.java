package dev.voiceplatform.gateway.keys;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The scope table of part 5 of the specification: the only names a key can hold. There is no wildcard. */
public enum Scope {
    CALLS_READ("calls:read"),
    CALLS_WRITE("calls:write"),
    CALLS_CONTROL("calls:control"),
    LEADS_READ("leads:read"),
    LEADS_WRITE("leads:write"),
    AGENTS_READ("agents:read"),
    AGENTS_WRITE("agents:write"),
    AGENTS_DELETE("agents:delete"),
    AGENTS_TEST("agents:test"),
    KNOWLEDGE_READ("knowledge:read"),
    KNOWLEDGE_WRITE("knowledge:write"),
    PHONE_NUMBERS_READ("phone_numbers:read"),
    PHONE_NUMBERS_WRITE("phone_numbers:write"),
    WEBHOOKS_MANAGE("webhooks:manage");

    private static final Map<String, Scope> BY_NAME =
            Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(Scope::wireName, Function.identity()));

    private final String wireName;

    Scope(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<Scope> fromWire(String name) {
        return Optional.ofNullable(name == null ? null : BY_NAME.get(name));
    }

    public static List<String> allWireNames() {
        return Arrays.stream(values()).map(Scope::wireName).toList();
    }
}
