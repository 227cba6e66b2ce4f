package dev.voiceplatform.runtime.peers;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The calls service's inbound record opening (contract 4). */
@RegisterRestClient(configKey = "calls")
@Path("/internal/calls")
interface CallsClient {

    @POST
    @Path("/inbound")
    @Consumes(MediaType.APPLICATION_JSON)
    Uni<JsonNode> inbound(JsonNode call, @HeaderParam("Authorization") String authorization);
}
