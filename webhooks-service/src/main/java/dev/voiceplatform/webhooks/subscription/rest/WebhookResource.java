package dev.voiceplatform.webhooks.subscription.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.api.ListEnvelope;
import dev.voiceplatform.common.api.PageRequest;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import dev.voiceplatform.common.tenancy.Tenant;
import dev.voiceplatform.webhooks.delivery.rest.DeliveryOut;
import dev.voiceplatform.webhooks.delivery.service.DeliveryService;
import dev.voiceplatform.webhooks.event.EventCatalog;
import dev.voiceplatform.webhooks.subscription.service.SubscriptionInput;
import dev.voiceplatform.webhooks.subscription.service.SubscriptionService;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/** Account-wide webhooks of part 4.7, all under webhooks:manage. */
@Path("/webhooks")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@RolesAllowed(Scopes.WEBHOOKS_MANAGE)
public class WebhookResource {

    /** Entries one page of the delivery log holds at most, newest first. */
    static final int MAX_LOG_PAGE = 100;

    private final SubscriptionService subscriptions;
    private final DeliveryService deliveries;
    private final CurrentTenant currentTenant;
    private final ObjectMapper objectMapper;

    public WebhookResource(SubscriptionService subscriptions, DeliveryService deliveries, CurrentTenant currentTenant,
            ObjectMapper objectMapper) {
        this.subscriptions = subscriptions;
        this.deliveries = deliveries;
        this.currentTenant = currentTenant;
        this.objectMapper = objectMapper;
    }

    /** The event catalog, the one envelope without pagination (part 2.1). */
    @GET
    @Path("/events")
    public Map<String, List<EventCatalog.Entry>> events() {
        currentTenant.get();
        return Map.of("events", EventCatalog.EVENTS);
    }

    @GET
    public Uni<ListEnvelope<SubscriptionOut>> list(@RestQuery String limit, @RestQuery String offset) {
        PageRequest page = PageRequest.parse(limit, offset);
        return subscriptions.list(currentTenant.get(), page).map(result -> ListEnvelope.of(
                result.items().stream().map(SubscriptionOut::of).toList(), result.total(), page));
    }

    @POST
    public Uni<RestResponse<SubscriptionOut>> create(JsonNode body, UriInfo uri) {
        Tenant tenant = currentTenant.forWrite();
        SubscriptionInput.NewSubscription input = SubscriptionInput.readCreate(JsonBody.of(body));
        return subscriptions.create(tenant, input).map(created -> RestResponse.ResponseBuilder
                .<SubscriptionOut>created(uri.getAbsolutePathBuilder().path(created.id().toString()).build())
                .entity(SubscriptionOut.created(created))
                .build());
    }

    @GET
    @Path("/{id}")
    public Uni<SubscriptionOut> get(@RestPath String id) {
        return subscriptions.get(currentTenant.get(), Ids.fromPath(id, "Webhook")).map(SubscriptionOut::of);
    }

    @PATCH
    @Path("/{id}")
    public Uni<SubscriptionOut> update(@RestPath String id, JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        UUID webhookId = Ids.fromPath(id, "Webhook");
        SubscriptionInput.Changes changes = SubscriptionInput.readPatch(JsonBody.of(body));
        return subscriptions.update(tenant, webhookId, changes).map(SubscriptionOut::of);
    }

    @DELETE
    @Path("/{id}")
    public Uni<RestResponse<Void>> delete(@RestPath String id) {
        Tenant tenant = currentTenant.forWrite();
        return subscriptions.delete(tenant, Ids.fromPath(id, "Webhook")).map(done -> RestResponse.noContent());
    }

    /** Sends a sample to the real destination, synchronously (part 4.7). */
    @POST
    @Path("/{id}/test")
    public Uni<ObjectNode> test(@RestPath String id, JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        UUID webhookId = Ids.fromPath(id, "Webhook");
        JsonBody input = JsonBody.ofOptional(body).rejectUnknown(List.of("event_type"));
        String eventType = input.string("event_type");
        input.throwIfInvalid();
        if (eventType != null && !EventCatalog.contains(eventType)) {
            throw ApiException.of(ErrorCode.INVALID_EVENT, "Not in the event catalog: " + eventType);
        }
        return deliveries.test(tenant, webhookId, eventType).map(this::sent);
    }

    @GET
    @Path("/{id}/deliveries")
    public Uni<Map<String, List<DeliveryOut>>> deliveries(@RestPath String id, @RestQuery String limit,
            @RestQuery String offset) {
        UUID webhookId = Ids.fromPath(id, "Webhook");
        PageRequest page = PageRequest.parse(limit, offset, PageRequest.DEFAULT_LIMIT, MAX_LOG_PAGE);
        return deliveries.log(currentTenant.get(), webhookId, page.limit(), page.offset())
                .map(log -> Map.of("data", log.stream().map(DeliveryOut::of).toList()));
    }

    /** Replays a past delivery (part 6.1 rule 5); this platform's path, the specification shows none. */
    @POST
    @Path("/{id}/deliveries/{delivery}/replay")
    public Uni<ObjectNode> replay(@RestPath String id, @RestPath String delivery) {
        Tenant tenant = currentTenant.forWrite();
        return deliveries.replay(tenant, Ids.fromPath(id, "Webhook"), delivery).map(this::sent);
    }

    /**
     * The template dry run (part 6.1 rule 6): renders {@code payload_template} against {@code data} (or a sample of
     * {@code event_type}) as a delivery with {@code http_method} would, and sends nothing.
     */
    @POST
    @Path("/template-preview")
    public ObjectNode preview(JsonNode body) {
        currentTenant.get();
        JsonBody input = JsonBody.of(body).rejectUnknown(List.of("payload_template", "event_type", "data",
                "http_method"));
        String eventType = input.requiredString("event_type");
        String method = input.string("http_method");
        JsonNode template = input.node("payload_template");
        JsonNode data = input.node("data");
        if (template == null || template.isNull()) {
            input.reject("payload_template", "is required");
        }
        if (data != null && !data.isNull() && !data.isObject()) {
            input.reject("data", "must be an object");
        }
        if (method != null && !List.of("POST", "PUT", "PATCH").contains(method.toUpperCase())) {
            input.reject("http_method", "must be one of POST, PUT, PATCH");
        }
        input.throwIfInvalid();
        if (!EventCatalog.contains(eventType)) {
            throw ApiException.of(ErrorCode.INVALID_EVENT, "Not in the event catalog: " + eventType);
        }
        JsonNode rendered;
        try {
            rendered = deliveries.preview(template, eventType, data == null || data.isNull() ? null : data,
                    method == null ? "POST" : method.toUpperCase(), null);
        } catch (IllegalArgumentException e) {
            throw ApiException.validation("payload_template", e.getMessage());
        }
        ObjectNode out = objectMapper.createObjectNode();
        out.set("payload", rendered);
        return out;
    }

    private ObjectNode sent(DeliveryService.Sent sent) {
        ObjectNode out = objectMapper.createObjectNode();
        out.put("success", sent.outcome().success());
        out.set("delivery", objectMapper.valueToTree(DeliveryOut.of(sent.delivery())));
        out.put("sentToLive", true);
        out.put("destination", sent.subscription().url());
        return out;
    }
}
