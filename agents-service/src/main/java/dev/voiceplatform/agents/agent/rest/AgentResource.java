package dev.voiceplatform.agents.agent.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.AgentStatus;
import dev.voiceplatform.agents.agent.service.AgentService;
import dev.voiceplatform.agents.settings.SettingsCatalog;
import dev.voiceplatform.agents.settings.WebhookBlock;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.api.ListEnvelope;
import dev.voiceplatform.common.api.PageRequest;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.error.FieldError;
import dev.voiceplatform.common.idempotency.IdempotentCreates;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/** Agents of part 4.2: create, list, read, update, publish, unpublish, delete, duplicate, tester. */
@Path("/agents")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AgentResource {

    private final AgentService service;
    private final CurrentTenant currentTenant;
    private final ObjectMapper objectMapper;

    public AgentResource(AgentService service, CurrentTenant currentTenant, ObjectMapper objectMapper) {
        this.service = service;
        this.currentTenant = currentTenant;
        this.objectMapper = objectMapper;
    }

    @POST
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<RestResponse<AgentOut>> create(JsonNode body, UriInfo uri,
            @HeaderParam(IdempotentCreates.HEADER) String idempotencyKey) {
        Tenant tenant = currentTenant.forWrite();
        AgentInput.Draft draft = AgentInput.readCreate(JsonBody.of(body), tenant);
        WebhookBlock.Sent webhook = readWebhook(body);
        if (webhook != null && !webhook.removed()) {
            List<FieldError> missing = WebhookBlock.requireSecret(webhook, false);
            if (!missing.isEmpty()) {
                throw WebhookBlock.invalidConfig(missing);
            }
        }
        return service.create(tenant, draft, webhook, idempotencyKey).map(agent -> RestResponse
                .ResponseBuilder
                .<AgentOut>created(uri.getAbsolutePathBuilder().path(agent.id().toString()).build())
                .entity(AgentOut.of(agent))
                .header("ETag", IfMatch.entityTag(agent.version()))
                .build());
    }

    @GET
    @RolesAllowed(Scopes.AGENTS_READ)
    public Uni<ListEnvelope<AgentItem>> list(@RestQuery String limit, @RestQuery String offset,
            @RestQuery String status) {
        PageRequest page = PageRequest.parse(limit, offset);
        AgentStatus filter = status == null ? null : AgentStatus.fromWire(status).orElseThrow(
                () -> ApiException.of(ErrorCode.INVALID_STATUS, "Unknown status '" + status + "'"));
        return service.listWithNumbers(currentTenant.get(), filter, page).map(found -> ListEnvelope.of(
                found.items().stream().map(AgentItem::of).toList(), found.total(), page));
    }

    @GET
    @Path("/{id}")
    @RolesAllowed(Scopes.AGENTS_READ)
    public Uni<RestResponse<AgentItem>> get(@RestPath String id) {
        return service.getWithNumbers(currentTenant.get(), agentId(id))
                .map(found -> withVersion(AgentItem.of(found), found.agent()));
    }

    @PATCH
    @Path("/{id}")
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<RestResponse<AgentOut>> update(@RestPath String id, @HeaderParam("If-Match") String ifMatch,
            JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        UUID agentId = agentId(id);
        Integer expectedVersion = IfMatch.parse(ifMatch);
        AgentInput.Changes changes = AgentInput.readPatch(JsonBody.of(body));
        WebhookBlock.Sent webhook = readWebhook(body);
        return service.update(tenant, agentId, changes, webhook, expectedVersion)
                .map(agent -> withVersion(AgentOut.of(agent), agent));
    }

    /** The per-agent webhook block of part 2.10 when the body has one; its problems are INVALID_WEBHOOK_CONFIG. */
    private static WebhookBlock.Sent readWebhook(JsonNode body) {
        if (!body.has(SettingsCatalog.WEBHOOK)) {
            return null;
        }
        WebhookBlock.Sent webhook = WebhookBlock.read(body.get(SettingsCatalog.WEBHOOK));
        if (!webhook.problems().isEmpty()) {
            throw WebhookBlock.invalidConfig(webhook.problems());
        }
        return webhook;
    }

    @POST
    @Path("/{id}/publish")
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<RestResponse<AgentOut>> publish(@RestPath String id) {
        Tenant tenant = currentTenant.forWrite();
        return service.publish(tenant, agentId(id)).map(agent -> withVersion(AgentOut.of(agent), agent));
    }

    @POST
    @Path("/{id}/unpublish")
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<RestResponse<AgentOut>> unpublish(@RestPath String id) {
        Tenant tenant = currentTenant.forWrite();
        return service.unpublish(tenant, agentId(id)).map(agent -> withVersion(AgentOut.unpublished(agent), agent));
    }

    @DELETE
    @Path("/{id}")
    @RolesAllowed(Scopes.AGENTS_DELETE)
    public Uni<AgentDeletedOut> delete(@RestPath String id) {
        Tenant tenant = currentTenant.forWrite();
        return service.delete(tenant, agentId(id)).map(agent -> AgentDeletedOut.of(agent.id()));
    }

    /** 201 with the copy, as create answers (Location, ETag). */
    @POST
    @Path("/{id}/duplicate")
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<RestResponse<AgentOut>> duplicate(@RestPath String id, UriInfo uri,
            @HeaderParam(IdempotentCreates.HEADER) String idempotencyKey) {
        Tenant tenant = currentTenant.forWrite();
        return service.duplicate(tenant, agentId(id), idempotencyKey).map(copy -> RestResponse.ResponseBuilder
                .<AgentOut>created(agentLocation(uri, copy))
                .entity(AgentOut.of(copy))
                .header("ETag", IfMatch.entityTag(copy.version()))
                .build());
    }

    /**
     * 201 with the tester the call created, 200 with the one that already existed. The body is optional, so a bare
     * POST is accepted whatever Content-Type its client put on it; a body that is sent must be a JSON object.
     */
    @POST
    @Path("/{id}/tester")
    @RolesAllowed(Scopes.AGENTS_TEST)
    @Consumes(MediaType.WILDCARD)
    public Uni<RestResponse<TesterOut>> tester(@RestPath String id, byte[] body, UriInfo uri) {
        Tenant tenant = currentTenant.forWrite();
        UUID targetId = agentId(id);
        TesterInput input = TesterInput.read(JsonBody.ofOptional(optionalJson(body)));
        return service.tester(tenant, targetId, input).map(outcome -> {
            Agent tester = outcome.tester().agent();
            RestResponse.ResponseBuilder<TesterOut> response = outcome.created()
                    ? RestResponse.ResponseBuilder.created(agentLocation(uri, tester))
                    : RestResponse.ResponseBuilder.ok();
            return response.entity(TesterOut.of(outcome.tester()))
                    .header("ETag", IfMatch.entityTag(tester.version()))
                    .build();
        });
    }

    private JsonNode optionalJson(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            return objectMapper.readTree(body);
        } catch (IOException e) {
            throw ApiException.of(ErrorCode.INVALID_REQUEST, "The body is not valid JSON");
        }
    }

    private static URI agentLocation(UriInfo uri, Agent agent) {
        return uri.getBaseUriBuilder().path("agents").path(agent.id().toString()).build();
    }

    private static UUID agentId(String raw) {
        return Ids.fromPath(raw, "Agent");
    }

    private static <T> RestResponse<T> withVersion(T entity, Agent agent) {
        return RestResponse.ResponseBuilder.ok(entity).header("ETag", IfMatch.entityTag(agent.version())).build();
    }
}
