package dev.voiceplatform.gateway.admin;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.voiceplatform.gateway.organizations.AccountStatus;
import dev.voiceplatform.gateway.organizations.Plan;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.util.List;

/** Body of {@code PATCH /admin/organizations/{id}}: only the fields sent (and not null) change. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record UpdateOrganizationRequest(
        @Size(min = 1, max = 200) @Pattern(regexp = AdminMessages.NOT_BLANK_PATTERN, message = "must not be blank") String name,
        @Pattern(regexp = Plan.WIRE_PATTERN, message = AdminMessages.PLAN) String plan,
        @Pattern(regexp = AccountStatus.WIRE_PATTERN, message = AdminMessages.STATUS) String status,
        @PositiveOrZero Integer maxAgents,
        List<@NotBlank @Size(max = 100) String> entitlements,
        @Pattern(regexp = AdminMessages.KIND_PATTERN, message = AdminMessages.KIND) String kind) {
}
