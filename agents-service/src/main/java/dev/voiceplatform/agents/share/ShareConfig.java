package dev.voiceplatform.agents.share;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/** Settings of share links (part 2.14). */
@ConfigMapping(prefix = "platform.share")
public interface ShareConfig {

    /** Where the talk page is served; a link is {@code <base-url>/talk/<agent_id>?t=<token>}. */
    @WithDefault("https://app.voiceplatform.dev")
    String baseUrl();

    /**
     * The key share-link tokens are signed with, at least {@value ShareLinks#MIN_SECRET_CHARACTERS} characters,
     * from the environment (PLATFORM_SHARE_SECRET). Never logged. The service does not start without it.
     */
    Optional<String> secret();
}
