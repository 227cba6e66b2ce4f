package dev.voiceplatform.agents.integrations;

import io.smallrye.config.ConfigMapping;
import java.util.List;
import java.util.Optional;

/** Settings of the per-agent integrations. */
@ConfigMapping(prefix = "platform.integrations")
public interface IntegrationsConfig {

    /**
     * Integration path segments this deployment does not run (for example {@code crm-b}); their endpoints answer
     * 501 NOT_IMPLEMENTED. Empty by default: every integration runs.
     */
    Optional<List<String>> disabled();
}
