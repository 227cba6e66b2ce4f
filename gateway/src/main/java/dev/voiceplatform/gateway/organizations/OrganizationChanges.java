package dev.voiceplatform.gateway.organizations;

import dev.voiceplatform.common.tenancy.KeyKind;
import java.util.List;

/** A partial update of an organization; a null component stays as stored. */
public record OrganizationChanges(String name, Plan plan, AccountStatus status, Integer maxAgents,
        List<String> entitlements, KeyKind kind) {

    public boolean isEmpty() {
        return name == null && plan == null && status == null && maxAgents == null && entitlements == null
                && kind == null;
    }
}
