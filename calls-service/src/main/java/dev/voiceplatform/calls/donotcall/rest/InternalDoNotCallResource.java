package dev.voiceplatform.calls.donotcall.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.calls.config.CallsConfig;
import dev.voiceplatform.calls.donotcall.DoNotCallEntry;
import dev.voiceplatform.calls.donotcall.repository.DoNotCallRepository;
import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.api.ListEnvelope;
import dev.voiceplatform.common.api.PageRequest;
import dev.voiceplatform.common.api.PhoneNumbers;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.security.InternalClaims;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * An organization's do-not-call list, for platform services (the {@code internal} group): the gateway's admin API sits
 * over it. The token speaks for one organization ({@code org}); another organization in the path is 404, as it would be
 * through any public route.
 */
@Path("/internal/organizations/{organizationId}/do-not-call")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@RolesAllowed(InternalClaims.INTERNAL_GROUP)
public class InternalDoNotCallResource {

    static final int REASON_MAX = 1_000;

    private final Pool pool;
    private final DoNotCallRepository list;
    private final CurrentTenant currentTenant;
    private final CallsConfig config;
    private final Clock clock;

    public InternalDoNotCallResource(Pool pool, DoNotCallRepository list, CurrentTenant currentTenant,
            CallsConfig config, Clock clock) {
        this.pool = pool;
        this.list = list;
        this.currentTenant = currentTenant;
        this.config = config;
        this.clock = clock;
    }

    /** The answer to a removal. */
    public record RemovedOut(@JsonProperty("phone_number") String phoneNumber, boolean deleted) {
    }

    @GET
    public Uni<ListEnvelope<DoNotCallOut>> list(@RestPath String organizationId, @RestQuery String limit,
            @RestQuery String offset) {
        UUID organization = organization(organizationId);
        PageRequest page = PageRequest.parse(limit, offset);
        return list.page(pool, organization, page.limit(), page.offset()).map(result -> ListEnvelope.of(
                result.items().stream().map(DoNotCallOut::of).toList(), result.total(), page));
    }

    /** Adds a number (201); one listed already answers 200 with the entry as it is. */
    @POST
    public Uni<RestResponse<DoNotCallOut>> add(@RestPath String organizationId, JsonNode rawBody) {
        UUID organization = organization(organizationId);
        JsonBody body = JsonBody.of(rawBody);
        String raw = body.requiredString("phone_number");
        String number = null;
        if (raw != null && !body.hasProblem("phone_number")) {
            number = PhoneNumbers.toE164(raw, config.defaultPhoneRegion()).orElse(null);
            if (number == null) {
                body.reject("phone_number", "is not a valid phone number; send it in E.164 form, such as +14155550123");
            }
        }
        String reason = body.string("reason");
        body.maxCharacters("reason", reason, REASON_MAX);
        body.throwIfInvalid();
        DoNotCallEntry entry = new DoNotCallEntry(organization, number, DoNotCallEntry.ADMIN,
                reason == null || reason.isBlank() ? null : reason, DbTime.now(clock));
        return list.add(pool, entry).chain(added -> added
                ? Uni.createFrom().item(RestResponse.ResponseBuilder.<DoNotCallOut>create(RestResponse.Status.CREATED)
                        .entity(DoNotCallOut.of(entry)).build())
                : list.find(pool, organization, entry.phoneNumber()).map(existing -> RestResponse.ok(
                        DoNotCallOut.of(existing))));
    }

    @DELETE
    @Path("/{number}")
    public Uni<RemovedOut> remove(@RestPath String organizationId, @RestPath String number) {
        UUID organization = organization(organizationId);
        String normalised = PhoneNumbers.toE164(number, config.defaultPhoneRegion())
                .orElseThrow(() -> ApiException.notFound("Number"));
        return list.remove(pool, organization, normalised).map(removed -> {
            if (!removed) {
                throw ApiException.notFound("Number");
            }
            return new RemovedOut(normalised, true);
        });
    }

    private UUID organization(String raw) {
        UUID organization = Ids.fromPath(raw, "Organization");
        if (!organization.equals(currentTenant.get().organizationId())) {
            throw ApiException.notFound("Organization");
        }
        return organization;
    }
}
