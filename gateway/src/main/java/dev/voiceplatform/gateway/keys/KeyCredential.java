package dev.voiceplatform.gateway.keys;

import dev.voiceplatform.common.tenancy.PlanFacts;
import dev.voiceplatform.common.tenancy.Tenant;
import dev.voiceplatform.gateway.organizations.AccountStatus;
import dev.voiceplatform.gateway.organizations.Plan;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** A key found by its hash, with the facts of its organization that a forwarded request carries. */
public record KeyCredential(ApiKey key, Plan plan, AccountStatus accountStatus, int maxAgents,
        List<String> entitlements) {

    public Tenant tenant() {
        PlanFacts facts = new PlanFacts(plan.rateLimitTier(), maxAgents, accountStatus.wireName(),
                Set.copyOf(entitlements), accountStatus.canPlaceCalls());
        return new Tenant(key.organizationId(), key.id().toString(), key.kind(),
                new LinkedHashSet<>(key.scopes()), facts);
    }
}
