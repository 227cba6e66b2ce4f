package dev.voiceplatform.agents.drafts.service;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * A stand-in for a language model behind the drafting seam (no real model client exists yet): it answers,
 * fails or never answers depending on the business it is asked about, so the fallback paths can be driven.
 */
@ApplicationScoped
@Identifier(ScriptedDraftingModel.IDENTIFIER)
public class ScriptedDraftingModel implements DraftingModel {

    public static final String IDENTIFIER = "scripted-test";
    public static final String FAILING_BUSINESS = "Model Outage Ltd";
    public static final String SILENT_BUSINESS = "Silent Model Ltd";

    @Override
    public boolean configured() {
        return true;
    }

    @Override
    public Uni<BusinessFacts> refineFacts(String sourceText, BusinessFacts extracted, DraftLanguage language) {
        if (sourceText.contains(FAILING_BUSINESS)) {
            return Uni.createFrom().failure(new IllegalStateException("model unavailable"));
        }
        return Uni.createFrom().item(new BusinessFacts(extracted.businessName(), "Refined by the model",
                extracted.services(), extracted.businessHours(), extracted.phoneNumbers(), extracted.emails(),
                extracted.qAndA(), extracted.detectedIndustry(), extracted.detectedTone(), extracted.suggestedGoals()));
    }

    @Override
    public Uni<AgentDraft> writeAgent(Questionnaire answers, AgentDraft template) {
        return switch (answers.businessName()) {
            case FAILING_BUSINESS -> Uni.createFrom().failure(new IllegalStateException("model unavailable"));
            case SILENT_BUSINESS -> Uni.createFrom().nothing();
            default -> Uni.createFrom().item(new AgentDraft(template.name(),
                    "Model-written prompt for " + answers.businessName(), template.greeting(), template.language(),
                    template.suggestedSettings(), "whatever the model says", "ignored"));
        };
    }
}
