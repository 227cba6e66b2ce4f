package dev.voiceplatform.agents.drafts.service;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The answer of the questionnaire wizard: what POST /agents takes (name, prompt, greeting, language) and settings
 * for PATCH /agents/:id/config afterwards. Nothing is created.
 *
 * @param suggestedSettings keys of the settings document (part 2.4, camelCase)
 * @param promptSource ai or template
 * @param promptFallbackReason why the template wrote the prompt; absent when a model did
 */
public record AgentDraft(String name, String prompt, String greeting, String language,
        SuggestedSettingsOut suggestedSettings, String promptSource,
        @JsonInclude(JsonInclude.Include.NON_NULL) String promptFallbackReason) {

    public static final String SOURCE_AI = "ai";
    public static final String SOURCE_TEMPLATE = "template";

    AgentDraft fromTemplate(String reason) {
        return new AgentDraft(name, prompt, greeting, language, suggestedSettings, SOURCE_TEMPLATE, reason);
    }
}
