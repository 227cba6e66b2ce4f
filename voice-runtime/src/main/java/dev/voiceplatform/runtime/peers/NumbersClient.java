package dev.voiceplatform.runtime.peers;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The numbers service's internal routing answer (contract 6). */
@RegisterRestClient(configKey = "numbers")
@Path("/internal/routes")
interface NumbersClient {

    @GET
    @Path("/{e164}")
    Uni<JsonNode> route(@PathParam("e164") String e164, @HeaderParam("Authorization") String authorization);
}
