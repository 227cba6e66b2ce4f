package dev.voiceplatform.calls.call.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.UUID;

/** The answer to POST /calls/:id/hangup. */
public record HangupOut(UUID id, String status, @JsonProperty("teardown_ok") boolean teardownOk) {
}
