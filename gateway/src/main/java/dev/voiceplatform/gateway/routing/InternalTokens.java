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
 * Internal tokens for forwarded requests, each signed once and reused for the same tenant while at least half of
 * its 60 seconds remain. An RS256 signature costs more than the rest of the gateway's work on a request; reuse is
 * safe because the key is still looked up on every request (a revoked key never reaches this point) and any change
 * of scopes or plan facts makes a different tenant, hence a new token.
 */
@ApplicationScoped
public class InternalTokens {

    /** Reused for this long after signing, so a token handed out has at least 30 of its 60 seconds left. */
    static final Duration REUSE = Duration.ofSeconds(30);
    /** Past this many tenants, stale tokens are dropped before another is kept. */
    private static final int SWEEP_ABOVE = 10_000;

    private record Signed(String token, Instant signedAt) {
    }

    private final InternalTokenIssuer issuer;
    private final Clock clock;
    private final Map<Tenant, Signed> byTenant = new ConcurrentHashMap<>();

    public InternalTokens(InternalTokenIssuer issuer, Clock clock) {
        this.issuer = issuer;
        this.clock = clock;
    }

    public String forRequest(Tenant tenant) {
        Instant now = clock.instant();
        Signed signed = byTenant.get(tenant);
        if (signed != null && fresh(signed, now)) {
            return signed.token();
        }
        if (byTenant.size() > SWEEP_ABOVE) {
            byTenant.values().removeIf(stale -> !fresh(stale, now));
        }
        Signed minted = new Signed(issuer.forRequest(tenant), now);
        byTenant.put(tenant, minted);
        return minted.token();
    }

    private static boolean fresh(Signed signed, Instant now) {
        return !now.isBefore(signed.signedAt()) && now.isBefore(signed.signedAt().plus(REUSE));
    }
}
