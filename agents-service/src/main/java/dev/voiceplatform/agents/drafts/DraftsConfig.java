package dev.voiceplatform.agents.drafts;

import dev.voiceplatform.agents.drafts.service.NoDraftingModel;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the drafting wizards (part 4.2). */
@ConfigMapping(prefix = "platform.drafts")
public interface DraftsConfig {

    /**
     * Which {@link DraftingModel} writes drafts, by its identifier. {@code none} (the default) means no language
     * model: facts are extracted from the page or text and prompts come from the built-in templates.
     */
    @WithDefault(NoDraftingModel.IDENTIFIER)
    String model();

    /** How long a configured model may take before the wizard falls back to extraction or the template. */
    @WithDefault("55s")
    Duration modelTimeout();

    /** Wizard calls per API key per clock minute (part 8: 5 per minute per key creator). */
    @WithDefault("5")
    int perMinute();

    /** The whole fetch of a website, redirects included. */
    @WithDefault("10s")
    Duration fetchTimeout();

    /** Bytes of a page read at most; the rest is dropped unread (the facts are near the top of a page). */
    @WithDefault("2097152")
    int maxPageBytes();
}
