package dev.voiceplatform.agents.drafts.service;

import io.smallrye.mutiny.Uni;

/**
 * The language-model seam of the drafting wizards. The implementation is chosen by {@code platform.drafts.model}
 * (the bean's {@link io.smallrye.common.annotation.Identifier}); {@code none} has no model and makes every wizard
 * take the extraction and template path. A model that fails or does not answer in time leaves the wizard on that
 * path too, with the reason in {@code promptFallbackReason}.
 */
public interface DraftingModel {

    /** Whether a model is there to call; false sends the wizards straight to extraction and templates. */
    boolean configured();

    /**
     * Improves the facts read from a page or a description. {@code extracted} is what the reader found without a
     * model, {@code sourceText} the page's text or the description.
     */
    Uni<BusinessFacts> refineFacts(String sourceText, BusinessFacts extracted, DraftLanguage language);

    /**
     * Writes the agent of a questionnaire. {@code template} is what the templates wrote, for the model to start
     * from; the answer's promptSource is {@code ai}.
     */
    Uni<AgentDraft> writeAgent(Questionnaire answers, AgentDraft template);
}
