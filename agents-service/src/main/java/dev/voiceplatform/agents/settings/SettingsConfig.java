package dev.voiceplatform.agents.settings;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;

/** Settings of the agent settings document. */
@ConfigMapping(prefix = "platform.agents.settings")
public interface SettingsConfig {

    /**
     * Countries (ISO 3166 codes) a call may not be transferred to: sanctioned destinations and "001", the
     * non-geographic satellite and international-network ranges that toll fraud favours.
     */
    @WithDefault("CU,IR,KP,SY,001")
    List<String> transferBlockedCountries();

    /**
     * E.164 prefixes of premium-rate ranges refused as transfer destinations, on top of every number the
     * numbering plan itself classes as premium rate.
     */
    @WithDefault("+1900,+1976,+449,+3389,+49900,+39899")
    List<String> transferBlockedPrefixes();
}
