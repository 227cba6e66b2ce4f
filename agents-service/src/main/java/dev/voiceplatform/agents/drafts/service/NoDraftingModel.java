package dev.voiceplatform.agents.drafts.service;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** No language model: the wizards extract facts and fill templates. */
@ApplicationScoped
@Identifier(NoDraftingModel.IDENTIFIER)
public class NoDraftingModel implements DraftingModel {

    public static final String IDENTIFIER = "none";

    @Override
    public boolean configured() {
        return false;
    }

    @Override
    public Uni<BusinessFacts> refineFacts(String sourceText, BusinessFacts extracted, DraftLanguage language) {
        return Uni.createFrom().item(extracted);
    }

    @Override
    public Uni<AgentDraft> writeAgent(Questionnaire answers, AgentDraft template) {
        return Uni.createFrom().item(template);
    }
}
