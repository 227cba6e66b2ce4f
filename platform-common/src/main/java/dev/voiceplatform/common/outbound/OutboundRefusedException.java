package dev.voiceplatform.common.outbound;

/** A server-side request the guard refused, with the reason in the terms of the delivery failure classes. */
public final class OutboundRefusedException extends RuntimeException {

    /** Why the request was refused. */
    public enum Reason {
        /** Not an http or https URL with a usable host. */
        INVALID_URL,
        /** The host resolves to an address the platform may not reach ({@code ssrf_blocked}). */
        FORBIDDEN_ADDRESS,
        /** The host does not resolve ({@code dns}). */
        UNRESOLVABLE,
        /** A redirect led somewhere the guard refuses ({@code redirect_blocked}). */
        REDIRECT_BLOCKED
    }

    private final Reason reason;

    public OutboundRefusedException(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
