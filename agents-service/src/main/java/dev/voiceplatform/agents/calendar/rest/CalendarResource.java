package dev.voiceplatform.agents.calendar.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.agents.calendar.CalendarSettings;
import dev.voiceplatform.agents.calendar.service.CalendarService;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestPath;

/**
 * GET and PUT /agents/:id/calendar. Agent settings need an organization key (tenancy rule 3), reads included: a
 * reseller key is 403 ORGANIZATION_REQUIRED.
 */
@Path("/agents/{id}/calendar")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class CalendarResource {

    private final CalendarService service;
    private final CurrentTenant currentTenant;

    public CalendarResource(CalendarService service, CurrentTenant currentTenant) {
        this.service = service;
        this.currentTenant = currentTenant;
    }

    @GET
    @RolesAllowed(Scopes.AGENTS_READ)
    public Uni<CalendarSettings> get(@RestPath String id) {
        Tenant tenant = currentTenant.forWrite();
        return service.get(tenant, Ids.fromPath(id, "Agent"));
    }

    @PUT
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<CalendarSettings> put(@RestPath String id, JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        UUID agentId = Ids.fromPath(id, "Agent");
        return service.put(tenant, agentId, CalendarInput.read(JsonBody.of(body)));
    }
}
