package dev.voiceplatform.agents.share.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.agents.share.service.ShareLinkOut;
import dev.voiceplatform.agents.share.service.ShareLinkService;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.error.ApiException;
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

    private final ShareLinkService service;
    private final CurrentTenant currentTenant;

    public ShareLinkResource(ShareLinkService service, CurrentTenant currentTenant) {
        this.service = service;
        this.currentTenant = currentTenant;
    }

    @POST
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<ShareLinkOut> create(@RestPath String id, JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        UUID agentId = Ids.fromPath(id, "Agent");
        return service.create(tenant, agentId, ttlSeconds(JsonBody.ofOptional(body)));
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
}
