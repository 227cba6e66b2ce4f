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
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.Claims;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The one place internal tokens are minted: for a forwarded request (claims of the key and its organization), for a
 * call one service makes to another while serving such a request, and for background work (a service token in the
 * {@code internal} group). RS256, at most 60 seconds, and always addressed ({@code aud}) to the one service that is to
 * accept it, by its name in the platform manifest ({@code agents}, {@code leads}, ...): a service refuses tokens
 * addressed to another, so a token seen by one service cannot be replayed against the rest.
 */
@ApplicationScoped
public class InternalTokenIssuer {

    /** Services refuse longer-lived tokens ({@code smallrye.jwt.time-to-live} in the shared configuration). */
    public static final Duration MAX_LIFETIME = Duration.ofSeconds(60);
    /** A service-to-service token is reused this long after signing, so one handed out has 30 of its 60 s left. */
    static final Duration REUSE = Duration.ofSeconds(30);
    /** Past this many reusable tokens, stale ones are dropped before another is kept. */
    private static final int REUSED_TOKENS_CAP = 10_000;

    private record Signed(String token, Instant signedAt) {
    }

    private final String issuer;
    private final Optional<String> privateKeyPem;
    private final Optional<String> privateKeyLocation;
    private final Clock clock;
    private final Map<List<Object>, Signed> reusable = new ConcurrentHashMap<>();
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

    /** The token of a request forwarded to {@code audience}, the owning service. */
    public String forRequest(Tenant tenant, String audience) {
        return sign(tenantClaims(issuer, tenant, audience, clock.instant()));
    }

    /**
     * The token of the request being served, addressed to {@code audience}, the service it calls on the request's
     * behalf: the same subject, organization, scopes and plan facts, a fresh lifetime, and no other service's address.
     */
    public String onBehalfOf(JsonWebToken request, String audience) {
        return reused(List.of("on-behalf-of", request.getRawToken(), audience), now -> sign(Jwt.claims(request)
                .remove(Claims.jti.name())
                .issuer(issuer).audience(audience).issuedAt(now).expiresAt(now.plus(MAX_LIFETIME))));
    }

    /**
     * A service token for background work (a consumer, a scheduler, a call in progress): subject the calling service's
     * manifest name, group {@code internal}, addressed to {@code audience}. With an organization it also carries that
     * organization ({@code org}), and the receiving service bounds what it answers by it; null for the few internal
     * questions that span organizations (which agent a phone number routes to).
     */
    public String forService(String service, String audience, UUID organizationId) {
        return reused(Arrays.asList("service", service, audience, organizationId), now -> {
            JwtClaimsBuilder claims = Jwt.claims().issuer(issuer).subject(service).audience(audience)
                    .groups(Set.of(InternalClaims.INTERNAL_GROUP))
                    .issuedAt(now).expiresAt(now.plus(MAX_LIFETIME));
            if (organizationId != null) {
                claims.claim(InternalClaims.ORGANIZATION, organizationId.toString());
            }
            return sign(claims);
        });
    }

    /**
     * The token signed earlier for the same claims while at least half of its life remains, else a new one. An RS256
     * signature costs more than the rest of a service-to-service call, and a receiving service verifies a token it
     * has seen once only (VerifiedTokens); the claims are the whole key, so a change of any claim signs anew.
     */
    private String reused(List<Object> claims, Function<Instant, String> signer) {
        Instant now = clock.instant();
        Signed signed = reusable.get(claims);
        if (signed != null && fresh(signed, now)) {
            return signed.token();
        }
        if (reusable.size() > REUSED_TOKENS_CAP) {
            reusable.values().removeIf(stale -> !fresh(stale, now));
        }
        Signed minted = new Signed(signer.apply(now), now);
        reusable.put(claims, minted);
        return minted.token();
    }

    private static boolean fresh(Signed signed, Instant now) {
        return !now.isBefore(signed.signedAt()) && now.isBefore(signed.signedAt().plus(REUSE));
    }

    /** Fails now, naming the setting, when no signing key is configured or it cannot be read. */
    public void requireSigningKey() {
        signingKey();
    }

    /** The claims of a forwarded request; tests mint with the same claims through this method. */
    public static JwtClaimsBuilder tenantClaims(String issuer, Tenant tenant, String audience, Instant now) {
        return Jwt.claims().issuer(issuer).subject(tenant.keyId()).audience(audience)
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
