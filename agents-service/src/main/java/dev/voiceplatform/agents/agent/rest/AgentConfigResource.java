package dev.voiceplatform.agents.agent.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.service.AgentService;
import dev.voiceplatform.agents.settings.SettingsDocument;
import dev.voiceplatform.agents.settings.SettingsPatch;
import dev.voiceplatform.agents.settings.TransferDestinations;
import dev.voiceplatform.agents.settings.WebhookUrlCheck;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestResponse;

/** The agent settings document of part 2.4: GET and PATCH /agents/:id/config (rules 1 to 9 of part 4.2). */
@Path("/agents/{id}/config")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AgentConfigResource {

    private final AgentService service;
    private final CurrentTenant currentTenant;
    private final WebhookUrlCheck webhookUrls;
    private final TransferDestinations transfers;

    public AgentConfigResource(AgentService service, CurrentTenant currentTenant, WebhookUrlCheck webhookUrls,
            TransferDestinations transfers) {
        this.service = service;
        this.currentTenant = currentTenant;
        this.webhookUrls = webhookUrls;
        this.transfers = transfers;
    }

    @GET
    @RolesAllowed(Scopes.AGENTS_READ)
    public Uni<RestResponse<Map<String, Object>>> get(@RestPath String id) {
        // Agent settings need an organization key, reads included (part 1, rule 3).
        Tenant tenant = currentTenant.get().requireOrganizationKey();
        return service.get(tenant, Ids.fromPath(id, "Agent")).chain(agent -> firstNumber(tenant, agent)
                .map(number -> withVersion(SettingsDocument.of(agent, number), agent)));
    }

    @PATCH
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<RestResponse<Map<String, Object>>> patch(@RestPath String id, @HeaderParam("If-Match") String ifMatch,
            JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        UUID agentId = Ids.fromPath(id, "Agent");
        Integer expectedVersion = IfMatch.parse(ifMatch);
        SettingsPatch patch = SettingsPatch.read(body);
        // The edit runs once, inside the transaction, on the agent as stored; what it ignored is only known there.
        AtomicReference<SettingsPatch.Applied> applied = new AtomicReference<>();
        // The phone number shown is a projection outside the agent's row; read before the change, it is what
        // the client saw in the document it read back.
        return service.get(tenant, agentId)
                .chain(agent -> firstNumber(tenant, agent))
                .call(number -> webhookUrls.problems(patch.webhookUrl()).invoke(problems -> {
                    if (!problems.isEmpty()) {
                        throw ApiException.validation(problems);
                    }
                }))
                .call(() -> checkCallbackAgent(tenant, patch.callbackAgentId()))
                .chain(number -> service.updateSettings(tenant, agentId, expectedVersion, current -> {
                    SettingsPatch.Applied result = patch.applyTo(current, number, tenant, transfers);
                    applied.set(result);
                    return result.next();
                }).map(agent -> withVersion(SettingsDocument.afterPatch(agent, number,
                        applied.get() == null ? List.of() : applied.get().ignoredEmptyFields()), agent)));
    }

    /** A callback is placed by an agent of the same organization, never by another's. */
    private Uni<Void> checkCallbackAgent(Tenant tenant, UUID callbackAgentId) {
        if (callbackAgentId == null) {
            return Uni.createFrom().voidItem();
        }
        return service.get(tenant, callbackAgentId).replaceWithVoid()
                .onFailure(ApiException.class).transform(failure -> ((ApiException) failure).code()
                        == ErrorCode.NOT_FOUND
                        ? ApiException.validation("callbackAgentId", "is not an agent of this organization")
                        : failure);
    }

    private Uni<String> firstNumber(Tenant tenant, Agent agent) {
        return service.phoneNumbers(tenant, List.of(agent))
                .map(numbers -> numbers.getOrDefault(agent.id(), List.of()).stream().findFirst().orElse(null));
    }

    private static <T> RestResponse<T> withVersion(T entity, Agent agent) {
        return RestResponse.ResponseBuilder.ok(entity).header("ETag", IfMatch.entityTag(agent.version())).build();
    }
}
