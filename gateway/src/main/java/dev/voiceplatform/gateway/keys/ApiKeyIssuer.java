package dev.voiceplatform.gateway.keys;

import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.gateway.GatewayConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Makes keys: the key is generated here, handed back once, and only its hash is stored. */
@ApplicationScoped
public class ApiKeyIssuer {

    private final ApiKeyRepository repository;
    private final Clock clock;
    private final int maxActivePerOrganization;

    public ApiKeyIssuer(ApiKeyRepository repository, Clock clock, GatewayConfig.Keys config) {
        this.repository = repository;
        this.clock = clock;
        this.maxActivePerOrganization = config.maxActivePerOrganization();
    }

    /** A stored key and the key itself, which exists nowhere else. */
    public record Issued(ApiKey stored, String key) {
    }

    /**
     * Issues a key of this origin for the organization; empty when the organization does not exist. Scopes are kept
     * in the order of the scope table, each once; an expiry, when given, must lie in the future. An organization
     * holding its limit of active keys gets 402 PLAN_LIMIT_REACHED.
     */
    public Uni<Optional<Issued>> issue(UUID organizationId, KeyOrigin origin, String name, List<String> scopes,
            Instant expiresAt) {
        List<String> canonicalScopes = canonical(scopes);
        Instant now = DbTime.now(clock);
        Instant expiry;
        if (expiresAt == null) {
            expiry = now.atOffset(ZoneOffset.UTC).plusYears(1).toInstant();
        } else if (expiresAt.isAfter(now)) {
            expiry = expiresAt;
        } else {
            throw ApiException.validation("expires_at", "must be in the future");
        }
        String key = ApiKeySecrets.generate(origin);
        ApiKeyRepository.NewKey record = new ApiKeyRepository.NewKey(Ids.newId(), organizationId, name,
                ApiKeySecrets.hash(key), ApiKeySecrets.displayPrefix(key), canonicalScopes, now, expiry);
        return repository.insert(record, maxActivePerOrganization).map(insertion -> {
            if (insertion instanceof ApiKeyRepository.Insertion.Stored stored) {
                return Optional.of(new Issued(stored.key(), key));
            }
            if (insertion instanceof ApiKeyRepository.Insertion.LimitReached limitReached) {
                throw ApiException.of(ErrorCode.PLAN_LIMIT_REACHED, "The organization already holds its limit of "
                                + maxActivePerOrganization + " active API keys")
                        .withHint("Revoke a key the organization no longer uses, then create the new one.")
                        .withDetail("limit", "active_api_keys")
                        .withDetail("max_active_keys", maxActivePerOrganization)
                        .withDetail("current", limitReached.active());
            }
            return Optional.empty();
        });
    }

    private static List<String> canonical(List<String> requested) {
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        List<String> unknown = new ArrayList<>();
        for (String name : requested) {
            Scope.fromWire(name).ifPresentOrElse(scopes::add, () -> unknown.add(name));
        }
        if (!unknown.isEmpty()) {
            throw ApiException.validation("scopes", "unknown scope " + String.join(", ", unknown)
                    + "; scopes are " + String.join(", ", Scope.allWireNames()));
        }
        return scopes.stream().map(Scope::wireName).toList();
    }
}
