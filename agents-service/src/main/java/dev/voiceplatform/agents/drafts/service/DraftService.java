package dev.voiceplatform.agents.drafts.service;

import dev.voiceplatform.agents.agent.service.AgentService;
import dev.voiceplatform.agents.drafts.DraftsConfig;
import dev.voiceplatform.common.tenancy.Tenant;
import io.quarkus.runtime.Startup;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.TimeoutException;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import org.jboss.logging.Logger;

/**
 * The three drafting wizards of part 4.2. Each needs what create needs (an active account with a free agent
 * slot: 402 otherwise), counts against the key's 5 calls a minute, and creates nothing. The plan is checked before
 * the call is counted, so a refused plan costs the caller no call of the minute; the body is validated before
 * either, so a mistyped request costs nothing either.
 */
@ApplicationScoped
@Startup // a platform.drafts.model naming no model stops the service at start, not on the first wizard call
public class DraftService {

    static final String NO_MODEL = "no language model is configured";
    static final String MODEL_TIMED_OUT = "the language model did not answer in time";
    static final String MODEL_FAILED = "the language model failed";

    private static final Logger LOG = Logger.getLogger(DraftService.class);

    private final AgentService agents;
    private final WizardRateLimiter limiter;
    private final PageFetcher fetcher;
    private final DraftingModel model;
    private final DraftsConfig config;

    public DraftService(AgentService agents, WizardRateLimiter limiter, PageFetcher fetcher,
            @Any Instance<DraftingModel> models, DraftsConfig config) {
        this.agents = agents;
        this.limiter = limiter;
        this.fetcher = fetcher;
        this.config = config;
        Instance<DraftingModel> chosen = models.select(Identifier.Literal.of(config.model()));
        if (!chosen.isResolvable()) {
            throw new IllegalStateException("platform.drafts.model names no drafting model: " + config.model());
        }
        this.model = chosen.get();
    }

    public Uni<WebsiteFacts> fromWebsite(Tenant tenant, String url, DraftLanguage language) {
        return admit(tenant)
                .chain(() -> fetcher.fetch(url))
                // Parsing a page of up to a few megabytes is CPU work that must not hold the event loop.
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(page -> WebsiteReader.read(page, language))
                .chain(reading -> refine(reading.pageText(), reading.facts().businessFacts(), language)
                        .map(refined -> WebsiteFacts.of(refined, reading.facts().prices(), reading.facts().team(),
                                reading.facts().paymentMethods(), reading.facts().suggestedVoiceSettings())));
    }

    public Uni<BusinessFacts> fromDescription(Tenant tenant, String description, DraftLanguage language) {
        return admit(tenant)
                // Pattern matching over up to 4,000 characters: worker-thread work, like a page's parsing.
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(admitted -> DescriptionReader.read(description, language))
                .chain(facts -> refine(description, facts, language));
    }

    public Uni<AgentDraft> fromQuestionnaire(Tenant tenant, Questionnaire answers) {
        return admit(tenant).chain(() -> {
            if (!model.configured()) {
                return Uni.createFrom().item(PromptTemplates.write(answers, NO_MODEL));
            }
            AgentDraft template = PromptTemplates.write(answers, null);
            return Uni.createFrom().deferred(() -> model.writeAgent(answers, template))
                    .ifNoItem().after(config.modelTimeout()).fail()
                    .map(written -> new AgentDraft(written.name(), written.prompt(), written.greeting(),
                            written.language(), written.suggestedSettings(), AgentDraft.SOURCE_AI, null))
                    .onFailure().recoverWithItem(failure -> {
                        LOG.warnf("Drafting model failed, answering the template: %s", failure.toString());
                        return template.fromTemplate(fallbackReason(failure));
                    });
        });
    }

    private Uni<Void> admit(Tenant tenant) {
        return agents.checkCanCreate(tenant).chain(() -> limiter.count(tenant));
    }

    /** The model's improvement of the facts; the extracted facts when there is no model or it fails. */
    private Uni<BusinessFacts> refine(String sourceText, BusinessFacts extracted, DraftLanguage language) {
        if (!model.configured()) {
            return Uni.createFrom().item(extracted);
        }
        return Uni.createFrom().deferred(() -> model.refineFacts(sourceText, extracted, language))
                .ifNoItem().after(config.modelTimeout()).fail()
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("Drafting model failed, answering the extracted facts: %s", failure.toString());
                    return extracted;
                });
    }

    private static String fallbackReason(Throwable failure) {
        return failure instanceof TimeoutException ? MODEL_TIMED_OUT : MODEL_FAILED;
    }
}
