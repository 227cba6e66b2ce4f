package dev.voiceplatform.numbers.number.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import dev.voiceplatform.numbers.number.service.BindingService;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestPath;

/**
 * What the agents service asks before it deletes an agent. Not in the gateway's route table: the agents service
 * calls it with the request token it was given, after it found the agent in that token's organization.
 */
@Path("/internal/agents")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
public class InternalAgentResource {

    private final BindingService service;
    private final CurrentTenant currentTenant;

    public InternalAgentResource(BindingService service, CurrentTenant currentTenant) {
        this.service = service;
        this.currentTenant = currentTenant;
    }

    /** 200 once the agent can never be bound again; 409 AGENT_HAS_PHONE_NUMBER while a number routes to it. */
    @POST
    @Path("/{id}/retire")
    public Uni<Retired> retire(@RestPath String id) {
        UUID agentId = Ids.fromPath(id, "Agent");
        return service.retire(currentTenant.get(), agentId).replaceWith(new Retired(agentId, true));
    }

    public record Retired(@JsonProperty("agent_id") UUID agentId, boolean retired) {
    }
}
