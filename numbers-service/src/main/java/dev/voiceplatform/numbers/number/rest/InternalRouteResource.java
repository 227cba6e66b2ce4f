package dev.voiceplatform.numbers.number.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.voiceplatform.common.security.InternalClaims;
import dev.voiceplatform.numbers.number.service.BindingService;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestPath;

/**
 * Which organization and agent a call to a number reaches, for the voice runtime when the carrier delivers a call.
 * Platform services only (the {@code internal} group); the question spans organizations, so the token carries none.
 */
@Path("/internal/routes")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(InternalClaims.INTERNAL_GROUP)
public class InternalRouteResource {

    private final BindingService service;

    public InternalRouteResource(BindingService service) {
        this.service = service;
    }

    /** 200 for a number bound to an agent; 404 NOT_FOUND otherwise (unknown, in the pool, held but unbound). */
    @GET
    @Path("/{e164}")
    public Uni<RouteOut> route(@RestPath String e164) {
        return service.route(e164).map(number -> new RouteOut(number.phoneNumber(), number.organizationId(),
                number.inboundAgentId()));
    }

    public record RouteOut(
            @JsonProperty("phone_number") String phoneNumber,
            @JsonProperty("organization_id") UUID organizationId,
            @JsonProperty("agent_id") UUID agentId) {
    }
}
