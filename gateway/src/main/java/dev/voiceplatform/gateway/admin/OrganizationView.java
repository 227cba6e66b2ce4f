package dev.voiceplatform.gateway.admin;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.voiceplatform.gateway.organizations.Organization;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** An organization as the admin API shows it. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record OrganizationView(UUID id, String name, String plan, String rateLimitTier, String status, int maxAgents,
        List<String> entitlements, String kind, Instant createdAt, Instant updatedAt) {

    static OrganizationView of(Organization organization) {
        return new OrganizationView(organization.id(), organization.name(), organization.plan().wireName(),
                organization.plan().rateLimitTier(), organization.status().wireName(), organization.maxAgents(),
                organization.entitlements(), organization.kind().wireName(), organization.createdAt(),
                organization.updatedAt());
    }
}
