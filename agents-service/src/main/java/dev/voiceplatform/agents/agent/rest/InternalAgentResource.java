package dev.voiceplatform.agents.agent.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.service.AgentService;
import dev.voiceplatform.agents.agent.service.AgentWithNumbers;
import dev.voiceplatform.agents.settings.SettingsCatalog;
import dev.voiceplatform.agents.settings.service.SettingsOut;
import dev.voiceplatform.agents.settings.service.SettingsService;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.security.InternalClaims;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import dev.voiceplatform.common.tenancy.Tenant;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
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
    private final SettingsService settings;
    private final CurrentTenant currentTenant;

    public InternalAgentResource(AgentService service, SettingsService settings, CurrentTenant currentTenant) {
        this.service = service;
        this.settings = settings;
        this.currentTenant = currentTenant;
    }

    /** The agent's facts, with the first number bound to it; 404 when the organization has no such live agent. */
    @GET
    @Path("/{id}")
    public Uni<AgentFacts> get(@RestPath String id) {
        return service.getWithNumbers(currentTenant.get(), Ids.fromPath(id, "Agent")).map(AgentFacts::of);
    }

    /**
     * The agent and its whole settings document, for the voice runtime that carries its calls: platform services only
     * (the {@code internal} group), for the organization of the service token ({@code org}, no plan claims needed).
     * Credentials read null, as on GET /agents/:id/config. 404 when the organization has no such live agent.
     */
    @GET
    @Path("/{id}/settings")
    @RolesAllowed(InternalClaims.INTERNAL_GROUP)
    public Uni<AgentSettings> settings(@RestPath String id) {
        Tenant tenant = currentTenant.get();
        return settings.document(tenant, Ids.fromPath(id, "Agent"))
                .map(document -> AgentSettings.of(tenant.organizationId(), document));
    }

    /** An agent with its settings document, as the voice runtime reads it. */
    public record AgentSettings(
            UUID id,
            @JsonProperty("organization_id") UUID organizationId,
            String name,
            String status,
            boolean published,
            @JsonProperty("is_tester") boolean isTester,
            int version,
            ObjectNode settings) {

        static AgentSettings of(UUID organizationId, SettingsOut document) {
            return new AgentSettings(document.id(), organizationId, document.name(), document.status(),
                    document.published(), document.config().path(SettingsCatalog.IS_TESTER).asBoolean(false),
                    document.version(), document.config());
        }
    }

    /** What other services need to know of an agent. */
    public record AgentFacts(
            UUID id,
            @JsonProperty("organization_id") UUID organizationId,
            String name,
            String status,
            boolean published,
            @JsonProperty("is_tester") boolean isTester,
            int version,
            @JsonProperty("phone_number") String phoneNumber) {

        static AgentFacts of(AgentWithNumbers listed) {
            Agent agent = listed.agent();
            return new AgentFacts(agent.id(), agent.organizationId(), agent.name(), agent.status().wireName(),
                    agent.published(), agent.tester(), agent.version(), listed.firstNumber());
        }
    }
}
