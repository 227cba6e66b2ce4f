package dev.voiceplatform.gateway.limits;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithParentName;
import jakarta.validation.constraints.Min;
import java.util.Map;

/**
 * Request limits per rate-limit tier, the one place they are set: {@code platform.rate-limits.<tier>.per-hour} and
 * {@code .per-day}. The defaults in application.properties are those of part 8; a deployment may change them (the
 * benchmark raises the premium ones so its own load is never refused).
 */
@ConfigMapping(prefix = "platform.rate-limits")
public interface RateLimitConfig {

    /** Limits by tier name: free, standard, premium. */
    @WithParentName
    Map<String, Tier> tiers();

    interface Tier {

        @Min(1)
        int perHour();

        @Min(1)
        int perDay();
    }
}
