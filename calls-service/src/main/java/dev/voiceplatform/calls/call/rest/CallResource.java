package dev.voiceplatform.calls.call.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.calls.call.CallStatus;
import dev.voiceplatform.calls.call.Direction;
import dev.voiceplatform.calls.call.repository.CallRepository;
import dev.voiceplatform.calls.call.service.CallService;
import dev.voiceplatform.calls.call.service.NewCall;
import dev.voiceplatform.calls.call.service.RecordingLinks;
import dev.voiceplatform.calls.config.CallsConfig;
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
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/** Calls of part 4.3: list, read, place, hang up. */
@Path("/calls")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class CallResource {

    private final CallService service;
    private final CurrentTenant currentTenant;
    private final RecordingLinks recordingLinks;
    private final CallsConfig config;

    public CallResource(CallService service, CurrentTenant currentTenant, RecordingLinks recordingLinks,
            CallsConfig config) {
        this.service = service;
        this.currentTenant = currentTenant;
        this.recordingLinks = recordingLinks;
        this.config = config;
    }

    /**
     * {@code status} takes the three ends of the specification and also the two live states (initiating,
     * in_progress), so a client can find the calls still ringing or under way.
     */
    @GET
    @RolesAllowed(Scopes.CALLS_READ)
    public Uni<ListEnvelope<CallOut>> list(@RestQuery String status, @RestQuery String direction,
            @RestQuery("agent_id") String agentId, @RestQuery("from_date") String fromDate,
            @RestQuery("to_date") String toDate, @RestQuery String limit, @RestQuery String offset) {
        List<FieldError> problems = new ArrayList<>();
        CallStatus statusFilter = null;
        if (status != null) {
            statusFilter = CallStatus.fromWire(status).orElse(null);
            if (statusFilter == null) {
                problems.add(new FieldError("status", "must be one of " + CallStatus.wireNames()));
            }
        }
        Direction directionFilter = null;
        if (direction != null) {
            directionFilter = Direction.fromWire(direction).orElse(null);
            if (directionFilter == null) {
                problems.add(new FieldError("direction", "must be one of " + Direction.wireNames()));
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
        CallRepository.Filter filter = new CallRepository.Filter(statusFilter, directionFilter, agentFilter, created);
        return service.list(currentTenant.get(), filter, page).map(result -> ListEnvelope.of(result.items().stream()
                .map(call -> CallOut.listed(call, recordingLinks.linkFor(call.id()))).toList(), result.total(), page));
    }

    @GET
    @Path("/{id}")
    @RolesAllowed(Scopes.CALLS_READ)
    public Uni<CallOut> get(@RestPath String id) {
        return service.get(currentTenant.get(), Ids.fromPath(id, "Call"))
                .map(call -> CallOut.single(call, recordingLinks.linkFor(call.id())));
    }

    @POST
    @RolesAllowed(Scopes.CALLS_WRITE)
    public Uni<RestResponse<PlacedCallOut>> place(JsonNode body, UriInfo uri,
            @RestHeader(IdempotentCreates.HEADER) String idempotencyKey) {
        Tenant tenant = currentTenant.forWrite();
        NewCall input = NewCall.read(JsonBody.of(body), config.defaultPhoneRegion());
        return service.place(tenant, input, idempotencyKey).map(placed -> RestResponse.ResponseBuilder
                .<PlacedCallOut>created(uri.getAbsolutePathBuilder().path(placed.call().id().toString()).build())
                .entity(PlacedCallOut.of(placed.call()))
                .build());
    }

    @POST
    @Path("/{id}/hangup")
    @RolesAllowed(Scopes.CALLS_CONTROL)
    public Uni<HangupOut> hangup(@RestPath String id) {
        Tenant tenant = currentTenant.forWrite();
        return service.hangup(tenant, Ids.fromPath(id, "Call")).map(hungUp -> new HangupOut(hungUp.call().id(),
                hungUp.call().status().wireName(), hungUp.teardownOk()));
    }

    /** Runs a parse that may fail with validation problems, adding them to the others instead of throwing. */
    private static <T> T collect(List<FieldError> problems, Supplier<T> parse) {
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
