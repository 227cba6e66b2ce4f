package dev.voiceplatform.runtime.conversation;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.events.TranscriptEntry;
import dev.voiceplatform.runtime.config.RuntimeConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Who words the agent's lines: the configured language model ({@code platform.runtime.model.base-url}), or the
 * built-in engine when none is configured. A model that fails hands the turn (and, for that call, the turns after
 * it) to the built-in engine, and the failure is reported, so the caller still hears an answer.
 */
@ApplicationScoped
public class AgentVoice {

    private static final Logger LOG = Logger.getLogger(AgentVoice.class);

    /** A line the agent says, and the model failure that made the built-in engine say it (null when none). */
    public record Line(String text, String modelFailure) {
    }

    private final BuiltInEngine builtIn;
    private final LanguageModel model;

    public AgentVoice(BuiltInEngine builtIn, RuntimeConfig config, ObjectMapper json) {
        this.builtIn = builtIn;
        RuntimeConfig.Model settings = config.model();
        this.model = settings.baseUrl().<LanguageModel>map(base -> new OpenAiCompatibleModel(base,
                settings.apiKey().orElse(null), settings.name(), settings.timeout(), json)).orElse(null);
    }

    /** Whether a language model is configured. */
    public boolean modelConfigured() {
        return model != null;
    }

    /** The agent's next line; {@code useModel} false once the model failed on this call. */
    public Uni<Line> reply(AgentSettings agent, List<TranscriptEntry> transcript, boolean useModel) {
        if (model == null || !useModel) {
            return builtIn.reply(agent, transcript).map(text -> new Line(text, null));
        }
        return model.reply(agent, transcript).map(text -> new Line(text, null))
                .onFailure().recoverWithUni(failure -> {
                    LOG.warnf("The language model failed; the built-in engine answers instead: %s", failure.toString());
                    return builtIn.reply(agent, transcript).map(text -> new Line(text, describe(failure)));
                });
    }

    /**
     * The summary: the model's when one is configured, usable ({@code useModel} false once it failed on this call)
     * and answering; the deterministic one otherwise.
     */
    public Uni<String> summarize(AgentSettings agent, CallFacts call, boolean useModel) {
        if (model == null || !useModel || agent == null || !call.answered()) {
            return Uni.createFrom().item(Summaries.of(call));
        }
        return model.summarize(agent, call).onFailure().recoverWithItem(failure -> {
            LOG.warnf("The language model could not summarize a call: %s", failure.toString());
            return Summaries.of(call);
        });
    }

    private static String describe(Throwable failure) {
        return failure instanceof OpenAiCompatibleModel.ModelFailure ? failure.getMessage()
                : "the model could not be reached (" + failure.getClass().getSimpleName() + ")";
    }
}
