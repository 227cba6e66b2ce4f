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

    /** The key as it is, with the calls it placed today as the calls service counts them. */
    static MeView of(KeyCredential credential, int dailyCallsUsed) {
        return new MeView(credential.key().id().toString(), credential.key().name(),
                credential.key().organizationId().toString(), credential.key().scopes(),
                credential.plan().rateLimitTier(), DAILY_CALL_LIMIT, dailyCallsUsed);
    }
}
