package dev.voiceplatform.runtime.conversation;

import io.quarkus.arc.DefaultBean;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.UUID;

/** No knowledge service is configured: no question finds a passage, and the agent says it does not know. */
@ApplicationScoped
@DefaultBean
public class NoKnowledgeSearch implements KnowledgeSearch {

    @Override
    public Uni<Optional<String>> nearest(UUID organizationId, UUID agentId, String question) {
        return Uni.createFrom().item(Optional.empty());
    }
}
