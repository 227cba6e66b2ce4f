package dev.voiceplatform.agents.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the agents service. */
@ConfigMapping(prefix = "platform.agents")
public interface AgentsConfig {

    /** Where a suspended or expired account upgrades; returned in details.upgrade_url of 402 TRIAL_EXPIRED. */
    @WithDefault("https://app.voiceplatform.dev/settings/billing")
    String upgradeUrl();
}
