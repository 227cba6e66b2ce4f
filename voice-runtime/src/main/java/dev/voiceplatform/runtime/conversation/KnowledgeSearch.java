package dev.voiceplatform.runtime.conversation;

import io.smallrye.mutiny.Uni;
import java.util.Optional;
import java.util.UUID;

/** The seam to the agent's knowledge: the passage nearest to a caller's question, if the agent has one. */
public interface KnowledgeSearch {

    Uni<Optional<String>> nearest(UUID organizationId, UUID agentId, String question);
}
