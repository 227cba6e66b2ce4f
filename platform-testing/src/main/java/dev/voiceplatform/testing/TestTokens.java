package dev.voiceplatform.testing;

import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.common.tenancy.KeyKind;
import dev.voiceplatform.common.tenancy.PlanFacts;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.jwt.Claims;

/**
 * Mints internal tokens for component tests with the same claims the gateway mints, addressed by default to the
 * service under test (its {@code mp.jwt.verify.audiences}). Tests of the token checks change the audience, the
 * lifetime or the issuer.
 */
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
    private Optional<String> audience = serviceUnderTest();
    private Duration lifetime = InternalTokenIssuer.MAX_LIFETIME;
    private String issuer = ISSUER;

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

    public TestTokens canPlaceCalls(boolean value) {
        canPlaceCalls = value;
        return this;
    }

    public TestTokens issuedAt(Instant value) {
        issuedAt = value;
        return this;
    }

    /** Addressed to {@code value} instead of the service under test. */
    public TestTokens audience(String value) {
        audience = Optional.of(value);
        return this;
    }

    /** Addressed to no service at all. */
    public TestTokens withoutAudience() {
        audience = Optional.empty();
        return this;
    }

    /** Valid this long from its issue instead of the platform's 60 seconds. */
    public TestTokens lifetime(Duration value) {
        lifetime = value;
        return this;
    }

    /** Issued by {@code value} instead of the issuer the service trusts under test. */
    public TestTokens issuer(String value) {
        issuer = value;
        return this;
    }

    public Tenant tenant() {
        return new Tenant(organizationId, keyId, keyKind, scopes,
                new PlanFacts(tier, maxAgents, accountStatus, entitlements, canPlaceCalls));
    }

    public String mint() {
        Instant now = issuedAt != null ? issuedAt : Instant.now();
        JwtClaimsBuilder claims = InternalTokenIssuer.tenantClaims(issuer, tenant(), audience.orElse("none"), now)
                .expiresAt(now.plus(lifetime));
        if (audience.isEmpty()) {
            claims.remove(Claims.aud.name());
        }
        return sign(claims);
    }

    /**
     * A background-work token of a platform service, addressed to the service under test: the {@code internal} group
     * and no organization.
     */
    public static String serviceBearer(String serviceName) {
        Instant now = Instant.now();
        JwtClaimsBuilder claims = Jwt.claims().issuer(ISSUER).subject(serviceName)
                .groups(Set.of(dev.voiceplatform.common.security.InternalClaims.INTERNAL_GROUP))
                .issuedAt(now).expiresAt(now.plus(InternalTokenIssuer.MAX_LIFETIME));
        serviceUnderTest().ifPresent(claims::audience);
        return "Bearer " + sign(claims);
    }

    private static String sign(JwtClaimsBuilder claims) {
        return claims.jws().sign(SharedInfrastructure.privateKey());
    }

    /** The audience the service under test accepts; none outside a running service's configuration. */
    private static Optional<String> serviceUnderTest() {
        return ConfigProvider.getConfig().getOptionalValue("mp.jwt.verify.audiences", String.class);
    }

    /** {@code Authorization} header value. */
    public String bearer() {
        return "Bearer " + mint();
    }
}
