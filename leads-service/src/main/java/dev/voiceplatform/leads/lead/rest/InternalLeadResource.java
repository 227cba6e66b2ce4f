package dev.voiceplatform.leads.lead.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.security.InternalClaims;
import dev.voiceplatform.leads.config.LeadsConfig;
import dev.voiceplatform.leads.lead.service.LeadInput;
import dev.voiceplatform.leads.lead.service.LeadService;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Where the call runtime records a lead it captured during or after a call. Only platform services (the
 * {@code internal} group) reach it; they name the organization, agent and call. A repeated report of the same
 * call answers 200 with the lead already made, and emits nothing again.
 */
@Path("/internal/leads")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@RolesAllowed(InternalClaims.INTERNAL_GROUP)
public class InternalLeadResource {

    private final LeadService service;
    private final LeadsConfig config;

    public InternalLeadResource(LeadService service, LeadsConfig config) {
        this.service = service;
        this.config = config;
    }

    @POST
    public Uni<RestResponse<LeadOut>> capture(JsonNode body) {
        LeadInput.NewLead input = LeadInput.readCapture(JsonBody.of(body), config.defaultPhoneRegion());
        return service.capture(input).map(created -> RestResponse.ResponseBuilder
                .<LeadOut>create(created.isNew() ? RestResponse.Status.CREATED : RestResponse.Status.OK)
                .entity(LeadOut.of(created.lead()))
                .build());
    }
}
