package dev.voiceplatform.calls.donotcall.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.voiceplatform.calls.donotcall.DoNotCallEntry;
import java.time.Instant;

/** One number of a do-not-call list as the internal API (and the admin API over it) answers it. */
public record DoNotCallOut(
        @JsonProperty("phone_number") String phoneNumber,
        String source,
        String reason,
        @JsonProperty("created_at") Instant createdAt) {

    static DoNotCallOut of(DoNotCallEntry entry) {
        return new DoNotCallOut(entry.phoneNumber(), entry.source(), entry.reason(), entry.createdAt());
    }
}
