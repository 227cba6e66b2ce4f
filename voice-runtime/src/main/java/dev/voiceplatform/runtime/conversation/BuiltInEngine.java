package dev.voiceplatform.runtime.conversation;

import dev.voiceplatform.common.events.TranscriptEntry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

/**
 * The deterministic conversation engine, used when no language model is configured: it is no model and does not
 * pretend to be one. It thanks a caller who gives a name or number, answers a question from the nearest passage of
 * the agent's knowledge (or says it does not know), and otherwise asks how it can help; in Hebrew when the caller
 * spoke Hebrew. Its summary is {@link Summaries}.
 */
@ApplicationScoped
public class BuiltInEngine implements LanguageModel {

    private final KnowledgeSearch knowledge;

    public BuiltInEngine(KnowledgeSearch knowledge) {
        this.knowledge = knowledge;
    }

    @Override
    public Uni<String> reply(AgentSettings agent, List<TranscriptEntry> transcript) {
        String said = lastCallerTurn(transcript);
        boolean hebrew = Utterances.isHebrew(said);
        Optional<String> phone = Utterances.phoneNumber(said);
        Optional<String> name = Utterances.name(said);
        if (phone.isPresent()) {
            String who = name.map(n -> ", " + n).orElse("");
            return Uni.createFrom().item(hebrew
                    ? "תודה" + who + ". רשמתי את המספר " + phone.get() + ". אפשר לעזור במשהו נוסף?"
                    : "Thank you" + who + ". I have noted your number, " + phone.get()
                            + ". Is there anything else I can help you with?");
        }
        if (Utterances.isQuestion(said)) {
            return knowledge.nearest(agent.organizationId(), agent.agentId(), said)
                    .map(passage -> passage.map(text -> (hebrew ? "לפי המידע שלנו: " : "Here is what I know: ")
                            + text).orElse(hebrew
                                    ? "מצטער, אין לי את המידע הזה. אפשר לקבל את שמך ומספר הטלפון כדי שנחזור אליך?"
                                    : "I'm sorry, I don't have that information. May I take your name and number "
                                            + "so someone can get back to you?"));
        }
        if (name.isPresent()) {
            return Uni.createFrom().item(hebrew ? "נעים מאוד, " + name.get() + ". איך אפשר לעזור?"
                    : "Nice to meet you, " + name.get() + ". How can I help you today?");
        }
        if (Utterances.isGoodbye(said)) {
            return Uni.createFrom().item(hebrew ? "להתראות!" : "Goodbye!");
        }
        return Uni.createFrom().item(hebrew ? "איך אפשר לעזור?" : "How can I help you today?");
    }

    @Override
    public Uni<String> summarize(AgentSettings agent, CallFacts call) {
        return Uni.createFrom().item(Summaries.of(call));
    }

    private static String lastCallerTurn(List<TranscriptEntry> transcript) {
        for (int i = transcript.size() - 1; i >= 0; i--) {
            if (TranscriptEntry.USER.equals(transcript.get(i).role())) {
                return transcript.get(i).text();
            }
        }
        return "";
    }
}
