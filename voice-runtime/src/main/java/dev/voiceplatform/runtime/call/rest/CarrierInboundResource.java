package dev.voiceplatform.runtime.call.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.security.InternalClaims;
import dev.voiceplatform.runtime.call.service.CallService;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.UUID;

/**
 * Where the carrier delivers a call to one of the platform's numbers: {@code {from, to}} in E.164. Locally the
 * carrier is the simulator, and {@code ./platform call-in} (a service token of the internal group) plays it.
 * 201 {@code {call_id}} once the agent is on the line, whether the agent is published or not (part 3.1); 404
 * NOT_FOUND when the number routes to no agent; 409 AGENT_NOT_PUBLISHED when it is a tester; a refusal of the calls service (such as 429
 * RATE_LIMIT_EXCEEDED over the inbound ceiling) is answered as it came, and the carrier call is torn down.
 */
@Path("/internal/carrier/inbound")
@RolesAllowed(InternalClaims.INTERNAL_GROUP)
public class CarrierInboundResource {

    private final CallService service;

    public CarrierInboundResource(CallService service) {
        this.service = service;
    }

    public record ConnectedOut(@JsonProperty("call_id") UUID callId) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> deliver(JsonNode body) {
        DialIn.Delivered call = DialIn.readDelivered(body);
        return service.inbound(call.from(), call.to())
                .map(callId -> Response.status(Response.Status.CREATED).entity(new ConnectedOut(callId)).build())
                .onFailure(CallService.InboundRefused.class).recoverWithItem(failure -> {
                    CallService.InboundRefused refused = (CallService.InboundRefused) failure;
                    return Response.status(refused.status()).type(MediaType.APPLICATION_JSON)
                            .entity(refused.body()).build();
                });
    }
}
