package dev.voiceplatform.common.events;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.UUID;

/** The agent as events carry it: everything but the prompt and credentials. */
public record AgentSnapshot(
        UUID id,
        String name,
        String description,
        String greeting,
        String language,
        String voice,
        String model,
        String status,
        boolean published,
        int version,
        @JsonProperty("is_tester") boolean isTester,
        @JsonProperty("created_at") Instant createdAt,
        @JsonProperty("updated_at") Instant updatedAt) {
}
