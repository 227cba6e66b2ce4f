package dev.voiceplatform.numbers.number.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import dev.voiceplatform.common.tenancy.Tenant;
import dev.voiceplatform.numbers.number.service.PhoneNumberService;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestResponse;

/** The organization's numbers (part 4.6): list and acquire. */
@Path("/phone-numbers")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class PhoneNumberResource {

    private final PhoneNumberService service;
    private final CurrentTenant currentTenant;

    public PhoneNumberResource(PhoneNumberService service, CurrentTenant currentTenant) {
        this.service = service;
        this.currentTenant = currentTenant;
    }

    @GET
    @RolesAllowed(Scopes.PHONE_NUMBERS_READ)
    public Uni<PhoneNumbersOut> list() {
        return service.list(currentTenant.get())
                .map(numbers -> new PhoneNumbersOut(numbers.stream().map(PhoneNumberItem::of).toList()));
    }

    /** 201 with the number as the list shows it. */
    @POST
    @RolesAllowed(Scopes.PHONE_NUMBERS_WRITE)
    public Uni<RestResponse<PhoneNumberItem>> acquire(JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        JsonBody fields = JsonBody.of(body);
        String country = fields.requiredString("country");
        fields.throwIfInvalid();
        return service.acquire(tenant, country).map(number -> RestResponse.ResponseBuilder
                .create(RestResponse.Status.CREATED, PhoneNumberItem.of(number)).build());
    }
}
