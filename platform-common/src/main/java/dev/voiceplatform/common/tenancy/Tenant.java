package dev.voiceplatform.common.tenancy;

import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import java.util.Set;
import java.util.UUID;

/** The organization and key a request acts for, read from the internal token. */
public record Tenant(UUID organizationId, String keyId, KeyKind keyKind, Set<String> scopes, PlanFacts plan) {

    /** Agent settings and agent actions need a key scoped to one organization (tenancy rule 3). */
    public Tenant requireOrganizationKey() {
        if (keyKind != KeyKind.ORGANIZATION) {
            throw ApiException.of(ErrorCode.ORGANIZATION_REQUIRED,
                    "This action needs a key scoped to a single organization");
        }
        return this;
    }
}
