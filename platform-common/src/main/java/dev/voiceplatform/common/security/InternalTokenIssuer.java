package dev.voiceplatform.common.security;

import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.jwt.build.Jwt;
import io.smallrye.jwt.build.JwtClaimsBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The one place internal tokens are minted: for a forwarded request (claims of the key and its organization)
 * and for background work (a service token in the {@code internal} group). RS256, at most 60 seconds.
 */
@ApplicationScoped
public class InternalTokenIssuer {

    private static final Duration MAX_LIFETIME = Duration.ofSeconds(60);

    private final String issuer;
    private final Optional<String> privateKeyPem;
    private final Optional<String> privateKeyLocation;
    private final Clock clock;
    private volatile PrivateKey signingKey;

    public InternalTokenIssuer(
            @ConfigProperty(name = "mp.jwt.verify.issuer") String issuer,
            @ConfigProperty(name = "platform.jwt.signing-key") Optional<String> privateKeyPem,
            @ConfigProperty(name = "platform.jwt.signing-key-location") Optional<String> privateKeyLocation,
            Clock clock) {
        this.issuer = issuer;
        this.privateKeyPem = privateKeyPem;
        this.privateKeyLocation = privateKeyLocation;
        this.clock = clock;
    }

    public String forRequest(Tenant tenant) {
        return sign(tenantClaims(issuer, tenant, clock.instant()));
    }

    public String forService(String serviceName) {
        Instant now = clock.instant();
        return sign(Jwt.claims().issuer(issuer).subject(serviceName)
                .groups(Set.of(InternalClaims.INTERNAL_GROUP))
                .issuedAt(now).expiresAt(now.plus(MAX_LIFETIME)));
    }

    /** The claims of a forwarded request; tests mint with the same claims through this method. */
    public static JwtClaimsBuilder tenantClaims(String issuer, Tenant tenant, Instant now) {
        return Jwt.claims().issuer(issuer).subject(tenant.keyId())
                .groups(tenant.scopes())
                .claim(InternalClaims.ORGANIZATION, tenant.organizationId().toString())
                .claim(InternalClaims.KEY_KIND, tenant.keyKind().wireName())
                .claim(InternalClaims.TIER, tenant.plan().tier())
                .claim(InternalClaims.MAX_AGENTS, tenant.plan().maxAgents())
                .claim(InternalClaims.ACCOUNT_STATUS, tenant.plan().accountStatus())
                .claim(InternalClaims.ENTITLEMENTS, tenant.plan().entitlements())
                .claim(InternalClaims.CAN_PLACE_CALLS, tenant.plan().canPlaceCalls())
                .issuedAt(now).expiresAt(now.plus(MAX_LIFETIME));
    }

    private String sign(JwtClaimsBuilder claims) {
        return claims.jws().sign(signingKey());
    }

    private PrivateKey signingKey() {
        PrivateKey key = signingKey;
        if (key == null) {
            String pem = privateKeyPem.orElseGet(() -> privateKeyLocation.map(InternalTokenIssuer::read)
                    .orElseThrow(() -> new IllegalStateException(
                            "platform.jwt.signing-key or platform.jwt.signing-key-location must be set to mint tokens")));
            key = KeyPems.privateKey(pem);
            signingKey = key;
        }
        return key;
    }

    private static String read(String location) {
        try {
            return Files.readString(Path.of(location.startsWith("file:") ? location.substring(5) : location));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the signing key at " + location, e);
        }
    }
}
