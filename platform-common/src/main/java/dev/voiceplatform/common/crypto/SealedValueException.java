package dev.voiceplatform.common.crypto;

/** A stored value that does not open. The message names the reason and the key id, never the value or a key. */
public class SealedValueException extends RuntimeException {

    /** Why a sealed value does not open. */
    public enum Reason {
        /** Not shaped {@code v1:<key id>:<base64>}, or too short to hold a nonce and a tag. */
        MALFORMED,
        /** Sealed under a key id the configuration no longer (or never) held. */
        UNKNOWN_KEY,
        /** The tag does not match: the value, its key id or its context was altered, or the key is another. */
        TAMPERED
    }

    private final Reason reason;

    SealedValueException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
