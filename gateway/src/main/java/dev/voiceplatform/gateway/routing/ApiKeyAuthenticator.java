package dev.voiceplatform.gateway.routing;

import dev.voiceplatform.common.db.StoreFailureLog;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.gateway.BearerToken;
import dev.voiceplatform.gateway.keys.ApiKey;
import dev.voiceplatform.gateway.keys.ApiKeyRepository;
import dev.voiceplatform.gateway.keys.ApiKeySecrets;
import dev.voiceplatform.gateway.keys.CredentialCache;
import dev.voiceplatform.gateway.keys.KeyCredential;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import org.jboss.logging.Logger;

/**
 * Authenticates the key of a public request: by its hash, from the {@link CredentialCache} when it holds the key,
 * otherwise from the database. Revocation, expiry and the organization's facts are checked on every request against
 * what was read; a change in the database ends what the cache holds (see there).
 */
@ApplicationScoped
public class ApiKeyAuthenticator {

    public static final String API_KEY_HEADER = "X-API-Key";
    private static final Logger LOG = Logger.getLogger(ApiKeyAuthenticator.class);
    private static final StoreFailureLog FAILURES = new StoreFailureLog(LOG);

    private final ApiKeyRepository keys;
    private final CredentialCache cache;
    private final Clock clock;

    public ApiKeyAuthenticator(ApiKeyRepository keys, CredentialCache cache, Clock clock) {
        this.keys = keys;
        this.cache = cache;
        this.clock = clock;
    }

    /** The key's credential, or a failure carrying the 401 code of part 7. */
    public Uni<KeyCredential> authenticate(String authorizationHeader, String apiKeyHeader) {
        return Uni.createFrom().deferred(() -> {
            String presented = presentedKey(authorizationHeader, apiKeyHeader);
            if (!ApiKeySecrets.wellFormed(presented)) {
                throw ApiException.of(ErrorCode.INVALID_API_KEY_FORMAT, "The API key is not shaped like a key");
            }
            String keyHash = ApiKeySecrets.hash(presented);
            KeyCredential remembered = cache.find(keyHash);
            if (remembered != null) {
                return Uni.createFrom().item(check(remembered));
            }
            long generation = cache.generation();
            return keys.findByHash(keyHash)
                    .onFailure().transform(ApiKeyAuthenticator::storeUnavailable)
                    .map(found -> {
                        KeyCredential credential = found.orElseThrow(
                                () -> ApiException.of(ErrorCode.INVALID_API_KEY, "The API key is not valid"));
                        cache.remember(keyHash, credential, generation);
                        return check(credential);
                    });
        });
    }

    /**
     * Bearer and X-API-Key are equivalent; when both are sent the bearer key is used. An Authorization header of
     * another scheme is ignored when X-API-Key is present and is a malformed key otherwise.
     */
    private static String presentedKey(String authorizationHeader, String apiKeyHeader) {
        String bearer = BearerToken.from(authorizationHeader).orElse(null);
        if (bearer != null) {
            return bearer;
        }
        if (apiKeyHeader != null && !apiKeyHeader.isBlank()) {
            return apiKeyHeader.strip();
        }
        if (authorizationHeader != null && !authorizationHeader.isBlank()) {
            throw ApiException.of(ErrorCode.INVALID_API_KEY_FORMAT, "The Authorization header is not 'Bearer <key>'");
        }
        throw ApiException.of(ErrorCode.MISSING_API_KEY, "No API key was sent");
    }

    private KeyCredential check(KeyCredential credential) {
        ApiKey key = credential.key();
        if (key.revokedAt() != null) {
            throw ApiException.of(ErrorCode.API_KEY_REVOKED, "The API key was revoked");
        }
        if (!clock.instant().isBefore(key.expiresAt())) {
            throw ApiException.of(ErrorCode.API_KEY_EXPIRED, "The API key has expired");
        }
        return credential;
    }

    private static Throwable storeUnavailable(Throwable failure) {
        // Fail closed: without the key store no request is let through.
        FAILURES.failed("API keys cannot be looked up", failure);
        return ApiException.of(ErrorCode.SERVICE_UNAVAILABLE, "Authentication is temporarily unavailable");
    }
}
