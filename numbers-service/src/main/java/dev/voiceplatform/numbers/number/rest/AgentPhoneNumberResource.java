package dev.voiceplatform.numbers.number.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import dev.voiceplatform.common.tenancy.Tenant;
import dev.voiceplatform.numbers.number.PhoneNumber;
import dev.voiceplatform.numbers.number.service.BindingService;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestPath;

/** Binding an agent's number (part 4.6); the gateway routes these agent paths here. */
@Path("/agents/{id}/phone-number")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AgentPhoneNumberResource {

    private final BindingService service;
    private final CurrentTenant currentTenant;

    public AgentPhoneNumberResource(BindingService service, CurrentTenant currentTenant) {
        this.service = service;
        this.currentTenant = currentTenant;
    }

    @POST
    @RolesAllowed(Scopes.PHONE_NUMBERS_WRITE)
    public Uni<BindingOut> bind(@RestPath String id, JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        UUID agentId = Ids.fromPath(id, "Agent");
        JsonBody fields = JsonBody.of(body);
        String raw = fields.requiredString("phone_number_id");
        UUID phoneNumberId = raw == null ? null : Ids.parseOrNull(raw.strip());
        if (raw != null && !raw.isBlank() && phoneNumberId == null) {
            fields.reject("phone_number_id", "must be a uuid");
        }
        fields.throwIfInvalid();
        return service.bind(tenant, agentId, phoneNumberId).map(BindingOut::of);
    }

    /** Unbinds every number routing to the agent; a repeated unbind answers 404, which means done. */
    @DELETE
    @RolesAllowed(Scopes.PHONE_NUMBERS_WRITE)
    public Uni<Unbound> unbind(@RestPath String id) {
        Tenant tenant = currentTenant.forWrite();
        UUID agentId = Ids.fromPath(id, "Agent");
        return service.unbind(tenant, agentId).map(numbers -> new Unbound(agentId, true,
                numbers.stream().map(PhoneNumber::phoneNumber).toList()));
    }

    /** What DELETE answers: the numbers that no longer route to the agent. */
    public record Unbound(
            @JsonProperty("agent_id") UUID agentId,
            boolean unbound,
            @JsonProperty("phone_numbers") List<String> phoneNumbers) {
    }
}
