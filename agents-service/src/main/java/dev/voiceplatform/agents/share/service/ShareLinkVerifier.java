package dev.voiceplatform.agents.share.service;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.UUID;

/**
 * What the talk page asks before it lets a browser talk to an agent: the token is genuine and unexpired, and its
 * agent is published now (a link made earlier stops working when the agent is unpublished, deleted or never was
 * published). The page must also check that the agent of its path is {@link ShareLinks.Verification#agentId()}.
 */
@ApplicationScoped
public class ShareLinkVerifier {

    private final ShareLinks links;
    private final Pool pool;

    public ShareLinkVerifier(ShareLinks links, Pool pool) {
        this.links = links;
        this.pool = pool;
    }

    /** At most one query, only for a genuine unexpired token. */
    public Uni<ShareLinks.Verification> verify(String token, Instant now) {
        ShareLinks.Verification checked = links.check(token, now);
        if (!checked.isValid()) {
            return Uni.createFrom().item(checked);
        }
        return isPublished(checked.agentId()).map(published -> published
                ? checked
                : ShareLinks.Verification.refused(ShareLinks.Refusal.AGENT_NOT_PUBLISHED));
    }

    private Uni<Boolean> isPublished(UUID agentId) {
        // The token was signed for this agent, so no organization bound is needed; testers are never published.
        return pool.preparedQuery("SELECT 1 FROM agents WHERE id = $1 AND status = 'active' AND deleted_at IS NULL "
                        + "AND NOT is_tester")
                .execute(Tuple.of(agentId))
                .map(rows -> rows.size() == 1);
    }
}
