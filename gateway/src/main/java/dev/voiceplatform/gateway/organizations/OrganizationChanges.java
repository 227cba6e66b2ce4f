package dev.voiceplatform.gateway.organizations;

import dev.voiceplatform.common.tenancy.KeyKind;
import java.util.List;

/** A partial update of an organization; a null component stays as stored. */
public record OrganizationChanges(String name, Plan plan, AccountStatus status, Integer maxAgents,
        List<String> entitlements, KeyKind kind) {

    /**
     * The change the operator asked for. A new plan brings its own agent limit unless a limit is set in the same
     * change; entitlements are kept once each, in the order given.
     */
    public static OrganizationChanges of(String name, Plan plan, AccountStatus status, Integer maxAgents,
            List<String> entitlements, KeyKind kind) {
        Integer agentLimit = maxAgents != null ? maxAgents : plan == null ? null : plan.defaultMaxAgents();
        return new OrganizationChanges(name, plan, status, agentLimit,
                entitlements == null ? null : Organization.distinct(entitlements), kind);
    }

    public boolean isEmpty() {
        return name == null && plan == null && status == null && maxAgents == null && entitlements == null
                && kind == null;
    }
}
