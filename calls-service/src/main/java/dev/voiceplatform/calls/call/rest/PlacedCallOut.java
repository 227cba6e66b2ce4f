package dev.voiceplatform.calls.call.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.voiceplatform.calls.call.Call;
import java.util.UUID;

/** The answer to POST /calls: {@code {id, status, to, agent_id}}. */
public record PlacedCallOut(UUID id, String status, String to, @JsonProperty("agent_id") UUID agentId) {

    static PlacedCallOut of(Call call) {
        return new PlacedCallOut(call.id(), call.status().wireName(), call.caller(), call.agentId());
    }
}
