package dev.voiceplatform.runtime.peers;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.UUID;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The agents service's internal settings answer (contract 5). */
@RegisterRestClient(configKey = "agents")
@Path("/internal/agents")
interface AgentsClient {

    @GET
    @Path("/{id}/settings")
    Uni<JsonNode> settings(@PathParam("id") UUID id, @HeaderParam("Authorization") String authorization);
}
