package dev.voiceplatform.testing;

import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.common.tenancy.KeyKind;
import dev.voiceplatform.common.tenancy.PlanFacts;
import dev.voiceplatform.common.tenancy.Tenant;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/** Mints internal tokens for component tests with the same claims the gateway mints. */
public final class TestTokens {

    public static final String ISSUER = "voice-platform-test";

    private UUID organizationId = UUID.randomUUID();
    private String keyId = UUID.randomUUID().toString();
    private KeyKind keyKind = KeyKind.ORGANIZATION;
    private Set<String> scopes = Set.of();
    private String tier = "standard";
    private int maxAgents = 10;
    private String accountStatus = PlanFacts.ACCOUNT_ACTIVE;
    private Set<String> entitlements = Set.of();
    private boolean canPlaceCalls = true;
    private Instant issuedAt;

    private TestTokens() {
    }

    public static TestTokens forOrganization(UUID organizationId) {
        TestTokens tokens = new TestTokens();
        tokens.organizationId = organizationId;
        return tokens;
    }

    public TestTokens scopes(String... values) {
        scopes = Set.of(values);
        return this;
    }

    public TestTokens reseller() {
        keyKind = KeyKind.RESELLER;
        return this;
    }

    public TestTokens maxAgents(int value) {
        maxAgents = value;
        return this;
    }

    public TestTokens tier(String value) {
        tier = value;
        return this;
    }

    public TestTokens accountStatus(String value) {
        accountStatus = value;
        return this;
    }

    public TestTokens entitlements(String... values) {
        entitlements = Set.of(values);
        return this;
    }

    public TestTokens issuedAt(Instant value) {
        issuedAt = value;
        return this;
    }

    public Tenant tenant() {
        return new Tenant(organizationId, keyId, keyKind, scopes,
                new PlanFacts(tier, maxAgents, accountStatus, entitlements, canPlaceCalls));
    }

    public String mint() {
        Instant now = issuedAt != null ? issuedAt : Instant.now();
        return InternalTokenIssuer.tenantClaims(ISSUER, tenant(), now).jws()
                .sign(SharedInfrastructure.privateKey());
    }

    /** A background-work token of a platform service: the {@code internal} group and no organization. */
    public static String serviceBearer(String serviceName) {
        Instant now = Instant.now();
        return "Bearer " + io.smallrye.jwt.build.Jwt.claims().issuer(ISSUER).subject(serviceName)
                .groups(Set.of(dev.voiceplatform.common.security.InternalClaims.INTERNAL_GROUP))
                .issuedAt(now).expiresAt(now.plusSeconds(60))
                .jws().sign(SharedInfrastructure.privateKey());
    }

    /** {@code Authorization} header value. */
    public String bearer() {
        return "Bearer " + mint();
    }
}
