package dev.voiceplatform.numbers.number;

import java.time.Instant;
import java.util.UUID;

/** A number an organization holds, as stored; {@code inboundAgentId} is the agent it routes to, if any. */
public record PhoneNumber(
        UUID id,
        UUID organizationId,
        String phoneNumber,
        String country,
        String source,
        UUID inboundAgentId,
        Instant acquiredAt,
        Instant boundAt) {

    public boolean bound() {
        return inboundAgentId != null;
    }

    public PhoneNumber boundTo(UUID agentId, Instant when) {
        return new PhoneNumber(id, organizationId, phoneNumber, country, source, agentId, acquiredAt, when);
    }
}
