package dev.voiceplatform.agents.drafts.service;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Settings of the settings document (part 2.4, camelCase keys) for the voice a website's tone suggests;
 * {@code enableNaturalHebrew} for a Hebrew site only, absent otherwise.
 */
public record SuggestedVoiceSettingsOut(
        String model,
        String voice,
        double speechRate,
        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean enableNaturalHebrew) {
}
