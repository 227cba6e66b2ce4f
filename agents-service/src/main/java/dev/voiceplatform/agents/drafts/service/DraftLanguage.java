package dev.voiceplatform.agents.drafts.service;

import dev.voiceplatform.common.api.JsonBody;
import java.util.Optional;

/** The languages the wizards write in: those of agent create (part 2.3). */
public enum DraftLanguage {
    EN("en"),
    HE("he");

    private final String code;

    DraftLanguage(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    static Optional<DraftLanguage> fromCode(String code) {
        for (DraftLanguage language : values()) {
            if (language.code.equals(code)) {
                return Optional.of(language);
            }
        }
        return Optional.empty();
    }

    /** The language a wizard body names in {@code field}: he or en, en when absent. */
    public static DraftLanguage read(JsonBody body, String field) {
        String code = body.string(field);
        if (code == null) {
            return EN;
        }
        return fromCode(code.strip()).orElseGet(() -> {
            body.reject(field, "must be he or en");
            return EN;
        });
    }
}
