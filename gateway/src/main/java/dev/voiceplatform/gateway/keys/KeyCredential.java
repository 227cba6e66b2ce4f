package dev.voiceplatform.gateway.keys;

import dev.voiceplatform.common.tenancy.PlanFacts;
import dev.voiceplatform.common.tenancy.Tenant;
import dev.voiceplatform.gateway.organizations.AccountStatus;
import dev.voiceplatform.gateway.organizations.Plan;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A key found by its hash, with the facts of its organization that a forwarded request carries. The tenant those
 * facts make is built once, since a remembered credential serves many requests.
 */
public record KeyCredential(ApiKey key, Plan plan, AccountStatus accountStatus, int maxAgents,
        List<String> entitlements, Tenant tenant) {

    public KeyCredential(ApiKey key, Plan plan, AccountStatus accountStatus, int maxAgents, List<String> entitlements) {
        this(key, plan, accountStatus, maxAgents, entitlements, tenantOf(key, plan, accountStatus, maxAgents, entitlements));
    }

    private static Tenant tenantOf(ApiKey key, Plan plan, AccountStatus accountStatus, int maxAgents,
            List<String> entitlements) {
        PlanFacts facts = new PlanFacts(plan.rateLimitTier(), maxAgents, accountStatus.wireName(),
                Set.copyOf(entitlements), accountStatus.canPlaceCalls());
        return new Tenant(key.organizationId(), key.id().toString(), key.kind(),
                new LinkedHashSet<>(key.scopes()), facts);
    }
}
