package dev.voiceplatform.agents.settings;

import java.util.List;

/**
 * One key of the settings document (part 2.4): its type, what it accepts, the default the voice runtime applies
 * when it is unset, and how a patch treats it.
 *
 * @param allowed the values an enumeration accepts; empty for other types
 * @param min lowest accepted number, or null
 * @param max highest accepted number, or the most characters of a text; null when unbounded
 * @param defaultValue what the runtime uses while the key is unset (the document reads null), as documented
 */
public record SettingKey(String name, Type type, Storage storage, List<String> allowed, Number min, Number max,
        String defaultValue, boolean turnDetection, String area) {

    /** The value a key takes. */
    public enum Type {
        /** Free text; an empty string in a patch means unchanged (rule 5). */
        TEXT,
        ENUM,
        BOOLEAN,
        INTEGER,
        NUMBER,
        /** A voice-engine model of part 2.3 (the model allowlist). */
        MODEL,
        /** A voice of the agent's resulting engine. */
        VOICE,
        /** A language tag (BCP 47, language subtag of ISO 639). */
        LANGUAGE,
        /** An IANA time-zone name. */
        TIMEZONE,
        /** A phone number in E.164. */
        PHONE,
        EMAIL,
        /** An agent id of the same organization. */
        AGENT_ID,
        /** A nested block, replaced whole (rule 6). */
        BLOCK,
        /** A write-only credential: reads back null, null or omitted keeps it (rule 4). */
        CREDENTIAL,
        /** Shown, never written through the document (rule 3). */
        READ_ONLY
    }

    /** Where the value lives. */
    public enum Storage {
        /** A column of the agent, shared with the agent object. */
        AGENT,
        /** The agent's settings document column ({@code agents.settings}). */
        SETTINGS,
        /** The write-only credentials column ({@code agents.secrets}). */
        SECRETS,
        /**
         * Kept elsewhere and shown in the document: status and phone number (read-only), and the tester facts
         * that only POST /agents/:id/tester sets.
         */
        DERIVED
    }

    public boolean plainText() {
        return type == Type.TEXT;
    }

    public boolean credential() {
        return type == Type.CREDENTIAL;
    }

    public boolean block() {
        return type == Type.BLOCK;
    }
}
