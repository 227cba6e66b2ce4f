package dev.voiceplatform.gateway.routing;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.voiceplatform.gateway.keys.KeyCredential;
import java.util.List;

/** The key introspection object of part 2.2. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record MeView(String keyId, String keyName, String organizationId, List<String> scopes, String rateLimitTier,
        int dailyCallLimit, int dailyCallsUsed) {

    /** Outbound calls a key may place per day (part 8). */
    static final int DAILY_CALL_LIMIT = 50;

    /** Until a calls service counts placed calls, a key has used none. */
    static MeView of(KeyCredential credential) {
        return new MeView(credential.key().id().toString(), credential.key().name(),
                credential.key().organizationId().toString(), credential.key().scopes(),
                credential.plan().rateLimitTier(), DAILY_CALL_LIMIT, 0);
    }
}
