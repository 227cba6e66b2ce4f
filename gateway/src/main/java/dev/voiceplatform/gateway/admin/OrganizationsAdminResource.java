package dev.voiceplatform.gateway.admin;

import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.api.ListEnvelope;
import dev.voiceplatform.common.api.PageRequest;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.tenancy.KeyKind;
import dev.voiceplatform.gateway.keys.ApiKeyIssuer;
import dev.voiceplatform.gateway.keys.ApiKeyRepository;
import dev.voiceplatform.gateway.keys.KeyOrigin;
import dev.voiceplatform.gateway.organizations.AccountStatus;
import dev.voiceplatform.gateway.organizations.Organization;
import dev.voiceplatform.gateway.organizations.OrganizationChanges;
import dev.voiceplatform.gateway.organizations.OrganizationRepository;
import dev.voiceplatform.gateway.organizations.Plan;
import io.smallrye.mutiny.Uni;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;
import org.jboss.resteasy.reactive.RestResponse;

/** The operator's view of organizations and their keys. */
@AdminApi
@Path("/admin/organizations")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class OrganizationsAdminResource {

    private final OrganizationRepository organizations;
    private final ApiKeyRepository keys;
    private final ApiKeyIssuer issuer;
    private final Clock clock;

    public OrganizationsAdminResource(OrganizationRepository organizations, ApiKeyRepository keys, ApiKeyIssuer issuer,
            Clock clock) {
        this.organizations = organizations;
        this.keys = keys;
        this.issuer = issuer;
        this.clock = clock;
    }

    @POST
    public Uni<RestResponse<OrganizationView>> create(@Valid @NotNull CreateOrganizationRequest body) {
        Organization organization = Organization.open(body.name(), Plan.fromWire(body.plan()),
                body.status() == null ? null : AccountStatus.fromWire(body.status()), body.maxAgents(),
                body.entitlements(), body.kind() == null ? null : KeyKind.fromWire(body.kind()), DbTime.now(clock));
        return organizations.insert(organization)
                .map(stored -> RestResponse.status(RestResponse.Status.CREATED, OrganizationView.of(stored)));
    }

    @GET
    public Uni<ListEnvelope<OrganizationView>> list(@RestQuery String name, @RestQuery String limit,
            @RestQuery String offset) {
        PageRequest page = PageRequest.parse(limit, offset);
        return organizations.list(Optional.ofNullable(name).filter(value -> !value.isEmpty()), page)
                .map(result -> ListEnvelope.of(result.items().stream().map(OrganizationView::of).toList(),
                        result.total(), page));
    }

    @PATCH
    @Path("{id}")
    public Uni<OrganizationView> update(@RestPath String id, @Valid @NotNull UpdateOrganizationRequest body) {
        UUID organizationId = Ids.fromPath(id, "Organization");
        OrganizationChanges changes = OrganizationChanges.of(body.name(),
                body.plan() == null ? null : Plan.fromWire(body.plan()),
                body.status() == null ? null : AccountStatus.fromWire(body.status()), body.maxAgents(),
                body.entitlements(), body.kind() == null ? null : KeyKind.fromWire(body.kind()));
        Uni<Optional<Organization>> result = changes.isEmpty()
                ? organizations.find(organizationId)
                : organizations.update(organizationId, changes, DbTime.now(clock));
        return result.map(found -> OrganizationView.of(found.orElseThrow(() -> ApiException.notFound("Organization"))));
    }

    @POST
    @Path("{id}/keys")
    public Uni<RestResponse<CreatedKeyView>> createKey(@RestPath String id, @Valid @NotNull CreateKeyRequest body) {
        UUID organizationId = Ids.fromPath(id, "Organization");
        KeyOrigin origin = body.origin() == null ? KeyOrigin.API : KeyOrigin.fromWire(body.origin());
        return issuer.issue(organizationId, origin, body.name(), body.scopes(),
                body.expiresAt() == null ? null : body.expiresAt().toInstant())
                .map(issued -> issued.orElseThrow(() -> ApiException.notFound("Organization")))
                .map(issued -> RestResponse.status(RestResponse.Status.CREATED,
                        CreatedKeyView.of(issued.stored(), issued.key())));
    }

    @GET
    @Path("{id}/keys")
    public Uni<ListEnvelope<KeyView>> keys(@RestPath String id, @RestQuery String limit, @RestQuery String offset) {
        UUID organizationId = Ids.fromPath(id, "Organization");
        PageRequest page = PageRequest.parse(limit, offset);
        return keys.listForOrganization(organizationId, page)
                .map(found -> found.orElseThrow(() -> ApiException.notFound("Organization")))
                .map(result -> ListEnvelope.of(result.items().stream().map(KeyView::of).toList(), result.total(),
                        page));
    }
}
