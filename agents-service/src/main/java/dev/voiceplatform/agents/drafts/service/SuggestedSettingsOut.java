package dev.voiceplatform.agents.drafts.service;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Settings of the settings document (part 2.4, camelCase keys) that follow from the questionnaire's answers, for
 * PATCH /agents/:id/config after the agent is created. The voicemail keys are suggested for outbound calls only,
 * {@code enableNaturalHebrew} for Hebrew only; absent otherwise.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SuggestedSettingsOut(
        String language,
        String languageMode,
        String responseStyle,
        String responseLength,
        boolean agentSpeaksFirst,
        boolean enableLeadCapture,
        String leadCaptureMethod,
        boolean allowCallEnding,
        boolean enableSilenceDetection,
        String silencePromptMessage,
        String silenceGoodbyeMessage,
        Boolean enableVoicemailDetection,
        String voicemailAction,
        Boolean enableNaturalHebrew) {
}
