package dev.voiceplatform.agents.number.service;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.UUID;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The numbers service's internal retirement of an agent. */
@RegisterRestClient(configKey = "numbers")
@Path("/internal/agents")
interface NumbersClient {

    @POST
    @Path("/{id}/retire")
    Uni<Void> retire(@PathParam("id") UUID id, @HeaderParam("Authorization") String authorization);
}
