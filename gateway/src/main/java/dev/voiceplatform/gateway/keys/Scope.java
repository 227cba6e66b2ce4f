package dev.voiceplatform.gateway.keys;

import dev.voiceplatform.common.access.Scopes;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The scopes of {@link Scopes} as a type, so a key's scopes are a set the gateway can check. */
public enum Scope {
    CALLS_READ(Scopes.CALLS_READ),
    CALLS_WRITE(Scopes.CALLS_WRITE),
    CALLS_CONTROL(Scopes.CALLS_CONTROL),
    LEADS_READ(Scopes.LEADS_READ),
    LEADS_WRITE(Scopes.LEADS_WRITE),
    AGENTS_READ(Scopes.AGENTS_READ),
    AGENTS_WRITE(Scopes.AGENTS_WRITE),
    AGENTS_DELETE(Scopes.AGENTS_DELETE),
    AGENTS_TEST(Scopes.AGENTS_TEST),
    KNOWLEDGE_READ(Scopes.KNOWLEDGE_READ),
    KNOWLEDGE_WRITE(Scopes.KNOWLEDGE_WRITE),
    PHONE_NUMBERS_READ(Scopes.PHONE_NUMBERS_READ),
    PHONE_NUMBERS_WRITE(Scopes.PHONE_NUMBERS_WRITE),
    WEBHOOKS_MANAGE(Scopes.WEBHOOKS_MANAGE);

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
