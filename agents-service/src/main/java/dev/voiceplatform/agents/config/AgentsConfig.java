package dev.voiceplatform.agents.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the agents service. */
@ConfigMapping(prefix = "platform.agents")
public interface AgentsConfig {

    /** Where a suspended or expired account upgrades; returned in details.upgrade_url of 402 TRIAL_EXPIRED. */
    @WithDefault("https://app.voiceplatform.dev/settings/billing")
    String upgradeUrl();

    /**
     * How many creates (and duplicates) of one organization this replica runs at once; the rest wait in memory
     * without a database connection, so one organization's burst of creates never takes the pool from the others.
     * Creates of one organization meet on its plan-slot row anyway, so more would only wait there.
     */
    @WithDefault("2")
    int createsInFlightPerOrganization();
}
