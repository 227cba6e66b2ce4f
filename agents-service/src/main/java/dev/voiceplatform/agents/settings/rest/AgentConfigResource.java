package dev.voiceplatform.agents.settings.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.agents.agent.rest.IfMatch;
import dev.voiceplatform.agents.settings.SettingsPatch;
import dev.voiceplatform.agents.settings.service.SettingsOut;
import dev.voiceplatform.agents.settings.service.SettingsService;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestResponse;

/** The agent settings document of part 2.4: GET and PATCH /agents/:id/config (rules 1 to 9 of part 4.2). */
@Path("/agents/{id}/config")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AgentConfigResource {

    private final SettingsService service;
    private final CurrentTenant currentTenant;

    public AgentConfigResource(SettingsService service, CurrentTenant currentTenant) {
        this.service = service;
        this.currentTenant = currentTenant;
    }

    @GET
    @RolesAllowed(Scopes.AGENTS_READ)
    public Uni<RestResponse<SettingsOut>> get(@RestPath String id) {
        // Agent settings need an organization key, reads included (part 1, rule 3).
        Tenant tenant = currentTenant.get().requireOrganizationKey();
        return service.document(tenant, Ids.fromPath(id, "Agent")).map(AgentConfigResource::withVersion);
    }

    @PATCH
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<RestResponse<SettingsOut>> patch(@RestPath String id, @HeaderParam("If-Match") String ifMatch,
            JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        return service.patch(tenant, Ids.fromPath(id, "Agent"), IfMatch.parse(ifMatch), SettingsPatch.read(body))
                .map(AgentConfigResource::withVersion);
    }

    private static RestResponse<SettingsOut> withVersion(SettingsOut document) {
        return RestResponse.ResponseBuilder.ok(document).header("ETag", IfMatch.entityTag(document.version()))
                .build();
    }
}
