package dev.voiceplatform.leads.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the leads service. */
@ConfigMapping(prefix = "platform.leads")
public interface LeadsConfig {

    /**
     * The region (ISO 3166 code) a phone number in national form is read in; numbers in international form
     * ({@code +} or {@code 00}) need none.
     */
    @WithDefault("US")
    String defaultPhoneRegion();
}
