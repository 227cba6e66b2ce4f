package dev.voiceplatform.agents.integrations.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.agents.integrations.Integration;
import dev.voiceplatform.agents.integrations.service.IntegrationService;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestPath;

/**
 * GET and PATCH /agents/:id/integrations/&lt;integration&gt; (part 4.2). Agent settings need an organization key
 * (tenancy rule 3), reads included: a reseller key is 403 ORGANIZATION_REQUIRED.
 */
@Path("/agents/{id}/integrations/{integration}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class IntegrationResource {

    private final IntegrationService service;
    private final CurrentTenant currentTenant;

    public IntegrationResource(IntegrationService service, CurrentTenant currentTenant) {
        this.service = service;
        this.currentTenant = currentTenant;
    }

    @GET
    @RolesAllowed(Scopes.AGENTS_READ)
    public Uni<JsonNode> get(@RestPath String id, @RestPath String integration) {
        Tenant tenant = currentTenant.forWrite();
        UUID agentId = Ids.fromPath(id, "Agent");
        return service.get(tenant, agentId, service.running(integration));
    }

    @PATCH
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<JsonNode> patch(@RestPath String id, @RestPath String integration, JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        UUID agentId = Ids.fromPath(id, "Agent");
        Integration running = service.running(integration);
        IntegrationPatch patch = IntegrationPatch.read(running, JsonBody.of(body), body);
        return service.patch(tenant, agentId, running, patch);
    }
}
