package dev.voiceplatform.common.tenancy;

import java.util.Set;

/**
 * What the organization's plan allows, as the gateway knew it when it forwarded the request.
 *
 * @param tier rate-limit tier: free, standard or premium
 * @param maxAgents agents the organization may keep
 * @param accountStatus active, suspended or trial_expired
 * @param entitlements features beyond the plan, such as premium-models
 * @param canPlaceCalls whether the account may place calls at all
 */
public record PlanFacts(String tier, int maxAgents, String accountStatus, Set<String> entitlements,
        boolean canPlaceCalls) {

    public static final String ACCOUNT_ACTIVE = "active";

    public boolean accountActive() {
        return ACCOUNT_ACTIVE.equals(accountStatus);
    }

    public boolean entitled(String entitlement) {
        return entitlements.contains(entitlement);
    }
}
