package dev.voiceplatform.agents.share;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.service.AgentService;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestPath;

/** POST /agents/:id/share-link (parts 2.14 and 4.2): a signed link to talk to the agent in a browser. */
@Path("/agents/{id}/share-link")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ShareLinkResource {

    static final long DEFAULT_TTL_SECONDS = 86_400;
    static final long MAX_TTL_SECONDS = 2_592_000;
    static final String NOT_PUBLISHED_WARNING = "The agent is not published: the link opens nothing until it is "
            + "published, and works only while it stays published.";

    /** Part 2.14, plus a warning when the agent is not published yet. */
    public record ShareLink(String url, String token, Instant expiresAt, String agentName,
            @JsonInclude(JsonInclude.Include.NON_NULL) String warning) {
    }

    private final AgentService agents;
    private final CurrentTenant currentTenant;
    private final ShareLinks links;
    private final ShareConfig config;
    private final Clock clock;

    public ShareLinkResource(AgentService agents, CurrentTenant currentTenant, ShareLinks links, ShareConfig config,
            Clock clock) {
        this.agents = agents;
        this.currentTenant = currentTenant;
        this.links = links;
        this.config = config;
        this.clock = clock;
    }

    @POST
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<ShareLink> create(@RestPath String id, JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        UUID agentId = Ids.fromPath(id, "Agent");
        long ttl = ttlSeconds(JsonBody.ofOptional(body));
        return agents.get(tenant, agentId).map(agent -> link(agent, ttl));
    }

    private ShareLink link(Agent agent, long ttl) {
        if (agent.tester()) {
            throw ApiException.of(ErrorCode.AGENT_NOT_PUBLISHED, "A tester agent cannot be shared")
                    .withHint("Share the agent under test instead; testers never take calls.");
        }
        Instant expiresAt = clock.instant().truncatedTo(ChronoUnit.SECONDS).plusSeconds(ttl);
        String token = links.token(agent.id(), expiresAt);
        String url = trimTrailingSlash(config.baseUrl()) + "/talk/" + agent.id() + "?t=" + token;
        return new ShareLink(url, token, expiresAt, agent.name(), agent.published() ? null : NOT_PUBLISHED_WARNING);
    }

    /** {@code ttl}: absent or null is a day; a positive integer of seconds, above 30 days capped to 30 days. */
    static long ttlSeconds(JsonBody body) {
        body.rejectUnknown(List.of("ttl"));
        JsonNode ttl = body.node("ttl");
        if (ttl == null || ttl.isNull()) {
            return DEFAULT_TTL_SECONDS;
        }
        if (!ttl.isIntegralNumber() || ttl.bigIntegerValue().signum() <= 0) {
            throw ApiException.validation("ttl", "must be a positive integer number of seconds");
        }
        return ttl.bigIntegerValue().min(BigInteger.valueOf(MAX_TTL_SECONDS)).longValue();
    }

    private static String trimTrailingSlash(String base) {
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
