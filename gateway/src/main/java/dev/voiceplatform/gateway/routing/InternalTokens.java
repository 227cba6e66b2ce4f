package dev.voiceplatform.gateway.routing;

import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.common.tenancy.Tenant;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Internal tokens for forwarded requests, each signed once and reused for the same tenant and owning service while at
 * least half of its 60 seconds remain. An RS256 signature costs more than the rest of the gateway's work on a request; reuse is
 * safe because the key is still looked up on every request (a revoked key never reaches this point) and any change
 * of scopes or plan facts makes a different tenant, hence a new token. Each token is addressed to the owning service
 * alone, so each service gets its own.
 */
@ApplicationScoped
public class InternalTokens {

    /** Reused for this long after signing, so a token handed out has at least 30 of its 60 seconds left. */
    static final Duration REUSE = Duration.ofSeconds(30);
    /** Past this many tenants, stale tokens are dropped before another is kept. */
    private static final int SWEEP_ABOVE = 10_000;

    private record Signed(String token, Instant signedAt) {
    }

    private record Addressee(Tenant tenant, OwningService service) {
    }

    private final InternalTokenIssuer issuer;
    private final Clock clock;
    private final Map<Addressee, Signed> signedTokens = new ConcurrentHashMap<>();

    public InternalTokens(InternalTokenIssuer issuer, Clock clock) {
        this.issuer = issuer;
        this.clock = clock;
    }

    /** The token of the tenant's request for the service that owns the route. */
    public String forRequest(Tenant tenant, OwningService service) {
        Instant now = clock.instant();
        Addressee addressee = new Addressee(tenant, service);
        Signed signed = signedTokens.get(addressee);
        if (signed != null && fresh(signed, now)) {
            return signed.token();
        }
        if (signedTokens.size() > SWEEP_ABOVE) {
            signedTokens.values().removeIf(stale -> !fresh(stale, now));
        }
        Signed minted = new Signed(issuer.forRequest(tenant, service.name()), now);
        signedTokens.put(addressee, minted);
        return minted.token();
    }

    private static boolean fresh(Signed signed, Instant now) {
        return !now.isBefore(signed.signedAt()) && now.isBefore(signed.signedAt().plus(REUSE));
    }
}
