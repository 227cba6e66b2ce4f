package dev.voiceplatform.agents.share.service;

import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.service.AgentService;
import dev.voiceplatform.agents.share.ShareConfig;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/** Signs links to talk to an agent in a browser (part 2.14). */
@ApplicationScoped
public class ShareLinkService {

    static final String NOT_PUBLISHED_WARNING = "The agent is not published: the link opens nothing until it is "
            + "published, and works only while it stays published.";

    private final AgentService agents;
    private final ShareLinks links;
    private final ShareConfig config;
    private final Clock clock;

    public ShareLinkService(AgentService agents, ShareLinks links, ShareConfig config, Clock clock) {
        this.agents = agents;
        this.links = links;
        this.config = config;
        this.clock = clock;
    }

    /** A link to the live agent valid {@code ttlSeconds} from now; a tester agent is refused. */
    public Uni<ShareLinkOut> create(Tenant tenant, UUID agentId, long ttlSeconds) {
        return agents.get(tenant, agentId).map(agent -> link(agent, ttlSeconds));
    }

    private ShareLinkOut link(Agent agent, long ttlSeconds) {
        if (agent.tester()) {
            throw ApiException.of(ErrorCode.AGENT_NOT_PUBLISHED, "A tester agent cannot be shared")
                    .withHint("Share the agent under test instead; testers never take calls.");
        }
        Instant expiresAt = clock.instant().truncatedTo(ChronoUnit.SECONDS).plusSeconds(ttlSeconds);
        String token = links.token(agent.id(), expiresAt);
        String url = trimTrailingSlash(config.baseUrl()) + "/talk/" + agent.id() + "?t=" + token;
        return new ShareLinkOut(url, token, expiresAt, agent.name(), agent.published() ? null : NOT_PUBLISHED_WARNING);
    }

    private static String trimTrailingSlash(String base) {
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
