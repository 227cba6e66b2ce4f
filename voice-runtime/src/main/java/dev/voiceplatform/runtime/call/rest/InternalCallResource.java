package dev.voiceplatform.runtime.call.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.security.InternalClaims;
import dev.voiceplatform.runtime.call.CallLine;
import dev.voiceplatform.runtime.call.service.CallService;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.jboss.resteasy.reactive.PathPart;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * What the calls service asks of the runtime (contract 1 to 3): dial, teardown, recordings. Internal: platform
 * services only, each request for the organization of its token.
 */
@jakarta.ws.rs.Path("/internal")
@RolesAllowed(InternalClaims.INTERNAL_GROUP)
public class InternalCallResource {

    private final CallService service;
    private final TokenOrganization organization;

    public InternalCallResource(CallService service, TokenOrganization organization) {
        this.service = service;
        this.organization = organization;
    }

    public record DialOut(@JsonProperty("call_id") UUID callId, boolean accepted) {
    }

    public record TeardownOut(@JsonProperty("call_id") UUID callId, @JsonProperty("teardown_ok") boolean teardownOk) {
    }

    /** 202 once the line rings (or rang before for this call id); 502 CALL_DISPATCH_FAILED when nothing rings. */
    @POST
    @jakarta.ws.rs.Path("/calls/dial")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<RestResponse<DialOut>> dial(JsonNode body) {
        CallLine line = DialIn.readDial(body, organization.require());
        return service.dial(line).replaceWith(RestResponse.ResponseBuilder
                .create(RestResponse.Status.ACCEPTED, new DialOut(line.id(), true)).build());
    }

    @POST
    @jakarta.ws.rs.Path("/calls/{id}/teardown")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<TeardownOut> teardown(@RestPath String id) {
        UUID callId = Ids.fromPath(id, "Call");
        return service.teardown(callId, organization.require()).replaceWith(new TeardownOut(callId, true));
    }

    /** The call's recording as audio/wav, streamed from the media layer; 404 when there is none. */
    @GET
    @jakarta.ws.rs.Path("/recordings/{id}")
    @Produces("audio/wav")
    public Uni<RestResponse<PathPart>> recording(@RestPath String id) {
        UUID callId = Ids.fromPath(id, "Recording");
        return service.recording(callId, organization.require())
                .map(kept -> RestResponse.ResponseBuilder.ok(new PathPart(kept.file(), 0, kept.size()), "audio/wav")
                        .build());
    }
}
