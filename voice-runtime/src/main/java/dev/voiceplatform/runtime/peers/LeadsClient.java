package dev.voiceplatform.runtime.peers;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The leads service's capture endpoint (contract 7). */
@RegisterRestClient(configKey = "leads")
@Path("/internal/leads")
interface LeadsClient {

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    Uni<JsonNode> capture(JsonNode lead, @HeaderParam("Authorization") String authorization);
}
