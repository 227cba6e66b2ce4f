package dev.voiceplatform.calls.call.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.voiceplatform.calls.call.service.InboundCalls;
import dev.voiceplatform.calls.config.CallsConfig;
import dev.voiceplatform.calls.quota.CallLimits;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.api.PhoneNumbers;
import dev.voiceplatform.common.security.InternalClaims;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Where the voice runtime opens the record of an inbound call (contract 4). Only platform services (the
 * {@code internal} group) reach it, speaking for one organization (the token's {@code org}); the body must name the
 * same one.
 */
@Path("/internal/calls/inbound")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@RolesAllowed(InternalClaims.INTERNAL_GROUP)
public class InternalCallResource {

    private final InboundCalls inbound;
    private final CurrentTenant currentTenant;
    private final CallLimits limits;
    private final CallsConfig config;
    private final Clock clock;

    public InternalCallResource(InboundCalls inbound, CurrentTenant currentTenant, CallLimits limits,
            CallsConfig config, Clock clock) {
        this.inbound = inbound;
        this.currentTenant = currentTenant;
        this.limits = limits;
        this.config = config;
        this.clock = clock;
    }

    /** The answer to an accepted inbound call: the record's id and the metadata the agent starts with. */
    public record OpenedOut(@JsonProperty("call_id") UUID callId, JsonNode metadata) {
    }

    @POST
    public Uni<RestResponse<OpenedOut>> open(JsonNode rawBody) {
        UUID organizationId = currentTenant.get().organizationId();
        JsonBody body = JsonBody.of(rawBody);
        UUID bodyOrganization = id(body, "organization_id");
        if (bodyOrganization != null && !bodyOrganization.equals(organizationId)) {
            body.reject("organization_id", "must be the organization the request speaks for");
        }
        UUID agentId = id(body, "agent_id");
        String from = number(body, "from");
        String to = number(body, "to");
        body.throwIfInvalid();
        return inbound.open(new InboundCalls.Incoming(organizationId, agentId, from, to)).map(opened -> {
            if (!opened.accepted()) {
                throw limits.organizationLimitReached(CallLimits.INBOUND_CONCURRENCY, opened.tier(), clock.instant())
                        .withDetail("call_id", opened.call().id().toString());
            }
            return RestResponse.ResponseBuilder.<OpenedOut>create(RestResponse.Status.CREATED)
                    .entity(new OpenedOut(opened.call().id(), JsonNodeFactory.instance.objectNode()))
                    .build();
        });
    }

    private static UUID id(JsonBody body, String field) {
        String raw = body.requiredString(field);
        if (raw == null || body.hasProblem(field)) {
            return null;
        }
        UUID id = Ids.parseOrNull(raw.strip());
        if (id == null) {
            body.reject(field, "must be a uuid");
        }
        return id;
    }

    private String number(JsonBody body, String field) {
        String raw = body.requiredString(field);
        if (raw == null || body.hasProblem(field)) {
            return null;
        }
        String number = PhoneNumbers.toE164(raw, config.defaultPhoneRegion()).orElse(null);
        if (number == null) {
            body.reject(field, "is not a valid phone number");
        }
        return number;
    }
}
