package dev.voiceplatform.numbers.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;
import java.util.Map;

/** Settings of the numbers service. */
@ConfigMapping(prefix = "platform.numbers")
public interface NumbersConfig {

    /**
     * Whether organizations may acquire numbers. Off, POST /phone-numbers answers 503 ACQUISITION_DISABLED; numbers
     * already held can still be listed, bound and unbound.
     */
    @WithDefault("true")
    boolean acquisitionEnabled();

    /** How many numbers organizations may hold across the platform; past it 402 PLATFORM_NUMBER_CAPACITY_REACHED. */
    @WithDefault("1000")
    int platformCap();

    /** Countries numbers are acquired in (ISO 3166 codes); any other is 400 COUNTRY_NOT_SUPPORTED. */
    @WithDefault("IL,US")
    List<String> countries();

    /**
     * The local pool by country ({@code platform.numbers.pool.US}): comma-separated numbers in E.164, or inclusive
     * ranges {@code +12015550100..+12015550199}. Seeded into the database at start; a number already known is left
     * as it is. An invalid entry stops the service from starting.
     */
    Map<String, String> pool();

    /**
     * Whether a voice runtime carries the organizations' inbound calls. It asks this service, call by call, which
     * agent a number routes to (GET /internal/routes/{number}), so a binding is live the moment it is stored. Off,
     * bindings are kept but answered with {@code routing_live} false and a warning.
     */
    @WithDefault("false")
    boolean runtimeRoutesCalls();

    /** Where an organization without a paid plan upgrades; details.upgrade_url of 402 SUBSCRIPTION_REQUIRED. */
    @WithDefault("https://app.voiceplatform.dev/settings/billing")
    String upgradeUrl();
}
