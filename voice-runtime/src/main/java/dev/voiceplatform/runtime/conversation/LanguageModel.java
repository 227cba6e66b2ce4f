package dev.voiceplatform.runtime.conversation;

import dev.voiceplatform.common.events.TranscriptEntry;
import io.smallrye.mutiny.Uni;
import java.util.List;

/**
 * The seam to a language model: the agent's next line, and a summary of a finished call. The runtime decides the
 * shape of the call itself (greeting, ending on goodbye, do-not-call requests, silence, voicemail); the model only
 * words the agent's answers. Implementations: {@link BuiltInEngine} (deterministic, used when no model is
 * configured) and {@link OpenAiCompatibleModel}.
 */
public interface LanguageModel {

    /** The agent's next line; the caller's latest turn is the last entry of {@code transcript}. */
    Uni<String> reply(AgentSettings agent, List<TranscriptEntry> transcript);

    /** A short summary of the finished call. */
    Uni<String> summarize(AgentSettings agent, CallFacts call);
}
