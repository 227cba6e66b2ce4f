package dev.voiceplatform.common.tenancy;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Whether a key reaches one organization or acts for a reseller. */
public enum KeyKind {
    ORGANIZATION, RESELLER;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static KeyKind fromWire(String value) {
        for (KeyKind kind : values()) {
            if (kind.wireName().equals(value)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown key kind " + value);
    }
}
