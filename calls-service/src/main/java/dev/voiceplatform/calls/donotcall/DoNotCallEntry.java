package dev.voiceplatform.calls.donotcall;

import java.time.Instant;
import java.util.UUID;

/**
 * A number the organization must not call: put there by an operator ({@code admin}) or by the person on the line
 * asking not to be called again ({@code caller_request}, with what they said as the reason).
 */
public record DoNotCallEntry(UUID organizationId, String phoneNumber, String source, String reason, Instant createdAt) {

    public static final String ADMIN = "admin";
    public static final String CALLER_REQUEST = "caller_request";
}
