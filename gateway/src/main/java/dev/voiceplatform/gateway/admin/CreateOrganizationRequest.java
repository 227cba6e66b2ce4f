package dev.voiceplatform.gateway.admin;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.voiceplatform.gateway.organizations.AccountStatus;
import dev.voiceplatform.gateway.organizations.Plan;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.util.List;

/** Body of {@code POST /admin/organizations}; absent optional fields take the plan's defaults. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CreateOrganizationRequest(
        @NotBlank @Size(max = 200) String name,
        @NotNull @Pattern(regexp = Plan.WIRE_PATTERN, message = AdminMessages.PLAN) String plan,
        @Pattern(regexp = AccountStatus.WIRE_PATTERN, message = AdminMessages.STATUS) String status,
        @PositiveOrZero Integer maxAgents,
        List<@NotBlank @Size(max = 100) String> entitlements,
        @Pattern(regexp = AdminMessages.KIND_PATTERN, message = AdminMessages.KIND) String kind) {
}
