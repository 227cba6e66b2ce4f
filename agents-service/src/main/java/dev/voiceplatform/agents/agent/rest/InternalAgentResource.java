package dev.voiceplatform.agents.agent.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.service.AgentService;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestPath;

/**
 * Agent facts other services check at write time (does the agent exist in this organization, is it
 * published, is it a tester), so no request waits for an event. Not in the gateway's route table: a service
 * calls it with the request token it was given, so the answer is bounded by that token's organization.
 */
@Path("/internal/agents")
@Produces(MediaType.APPLICATION_JSON)
@Authenticated
public class InternalAgentResource {

    private final AgentService service;
    private final CurrentTenant currentTenant;

    public InternalAgentResource(AgentService service, CurrentTenant currentTenant) {
        this.service = service;
        this.currentTenant = currentTenant;
    }

    /** The agent's facts; 404 when the organization has no such live agent. */
    @GET
    @Path("/{id}")
    public Uni<AgentFacts> get(@RestPath String id) {
        return service.get(currentTenant.get(), Ids.fromPath(id, "Agent")).map(AgentFacts::of);
    }

    /** What other services need to know of an agent. */
    public record AgentFacts(
            UUID id,
            @JsonProperty("organization_id") UUID organizationId,
            String name,
            String status,
            boolean published,
            @JsonProperty("is_tester") boolean isTester,
            int version) {

        static AgentFacts of(Agent agent) {
            return new AgentFacts(agent.id(), agent.organizationId(), agent.name(), agent.status().wireName(),
                    agent.published(), agent.tester(), agent.version());
        }
    }
}
