package dev.voiceplatform.leads.lead.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.api.DateRange;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.api.ListEnvelope;
import dev.voiceplatform.common.api.PageRequest;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.FieldError;
import dev.voiceplatform.common.idempotency.IdempotentCreates;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import dev.voiceplatform.common.tenancy.Tenant;
import dev.voiceplatform.leads.config.LeadsConfig;
import dev.voiceplatform.leads.lead.Lead;
import dev.voiceplatform.leads.lead.LeadStatus;
import dev.voiceplatform.leads.lead.repository.LeadRepository;
import dev.voiceplatform.leads.lead.service.LeadInput;
import dev.voiceplatform.leads.lead.service.LeadService;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/** Leads of part 4.4: list, read, create, update. */
@Path("/leads")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class LeadResource {

    private final LeadService service;
    private final CurrentTenant currentTenant;
    private final LeadsConfig config;

    public LeadResource(LeadService service, CurrentTenant currentTenant, LeadsConfig config) {
        this.service = service;
        this.currentTenant = currentTenant;
        this.config = config;
    }

    @GET
    @RolesAllowed(Scopes.LEADS_READ)
    public Uni<ListEnvelope<LeadOut>> list(@RestQuery String status, @RestQuery("agent_id") String agentId,
            @RestQuery("from_date") String fromDate, @RestQuery("to_date") String toDate, @RestQuery String limit,
            @RestQuery String offset) {
        List<FieldError> problems = new ArrayList<>();
        LeadStatus statusFilter = null;
        if (status != null) {
            statusFilter = LeadStatus.fromWire(status).orElse(null);
            if (statusFilter == null) {
                problems.add(new FieldError("status", "must be one of " + LeadStatus.wireNames()));
            }
        }
        UUID agentFilter = null;
        if (agentId != null) {
            agentFilter = Ids.parseOrNull(agentId);
            if (agentFilter == null) {
                problems.add(new FieldError("agent_id", "must be a uuid"));
            }
        }
        DateRange created = collect(problems, () -> DateRange.parse(fromDate, toDate));
        PageRequest page = collect(problems, () -> PageRequest.parse(limit, offset));
        if (!problems.isEmpty()) {
            throw ApiException.validation(problems);
        }
        LeadRepository.Filter filter = new LeadRepository.Filter(statusFilter, agentFilter, created);
        return service.list(currentTenant.get(), filter, page).map(result -> ListEnvelope.of(
                result.items().stream().map(LeadOut::of).toList(), result.total(), page));
    }

    @GET
    @Path("/{id}")
    @RolesAllowed(Scopes.LEADS_READ)
    public Uni<LeadOut> get(@RestPath String id) {
        return service.get(currentTenant.get(), Ids.fromPath(id, "Lead")).map(LeadOut::of);
    }

    @POST
    @RolesAllowed(Scopes.LEADS_WRITE)
    public Uni<RestResponse<LeadOut>> create(JsonNode body, UriInfo uri,
            @RestHeader(IdempotentCreates.HEADER) String idempotencyKey) {
        Tenant tenant = currentTenant.forWrite();
        LeadInput.NewLead input = LeadInput.readCreate(JsonBody.of(body), tenant.organizationId(),
                config.defaultPhoneRegion());
        return service.create(input, idempotencyKey).map(lead -> RestResponse.ResponseBuilder
                .<LeadOut>created(uri.getAbsolutePathBuilder().path(lead.id().toString()).build())
                .entity(LeadOut.of(lead))
                .build());
    }

    @PATCH
    @Path("/{id}")
    @RolesAllowed(Scopes.LEADS_WRITE)
    public Uni<LeadOut> update(@RestPath String id, JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        UUID leadId = Ids.fromPath(id, "Lead");
        LeadInput.Changes changes = LeadInput.readPatch(JsonBody.of(body));
        return service.update(tenant, leadId, changes).map(LeadOut::of);
    }

    /** Runs a parse that may fail with validation problems, adding them to the others instead of throwing. */
    private static <T> T collect(List<FieldError> problems, java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (ApiException e) {
            if (e.fields() == null) {
                throw e;
            }
            problems.addAll(e.fields());
            return null;
        }
    }
}
