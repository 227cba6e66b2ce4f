package dev.voiceplatform.agents.share.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/** A share link as POST /agents/:id/share-link answers it: part 2.14, plus a warning when the agent is not published. */
public record ShareLinkOut(String url, String token, Instant expiresAt, String agentName,
        @JsonInclude(JsonInclude.Include.NON_NULL) String warning) {
}
