package dev.voiceplatform.runtime.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.voiceplatform.common.events.TranscriptEntry;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class BuiltInEngineTest {

    private static final AgentSettings AGENT = new AgentSettings(UUID.randomUUID(), UUID.randomUUID(), "Front desk",
            "active", true, false, JsonNodeFactory.instance.objectNode());

    private static String reply(BuiltInEngine engine, String said) {
        return engine.reply(AGENT, List.of(new TranscriptEntry(TranscriptEntry.ASSISTANT, "Hello!", Instant.now()),
                new TranscriptEntry(TranscriptEntry.USER, said, Instant.now()))).await().indefinitely();
    }

    @Test
    void answersAQuestionFromTheNearestKnowledgePassage() {
        BuiltInEngine engine = new BuiltInEngine((organization, agent, question) ->
                Uni.createFrom().item(Optional.of("We are open 9 to 5.")));
        assertEquals("Here is what I know: We are open 9 to 5.", reply(engine, "When are you open?"));
    }

    @Test
    void withoutKnowledgeItSaysItDoesNotKnow() {
        BuiltInEngine engine = new BuiltInEngine(new NoKnowledgeSearch());
        assertTrue(reply(engine, "When are you open?").startsWith("I'm sorry, I don't have that information."));
        assertEquals("Thank you, Dana Levi. I have noted your number, +14155550142. Is there anything else I can "
                + "help you with?", reply(engine, "My name is Dana Levi and my number is +1 415 555 0142."));
        assertEquals("Nice to meet you, Dana. How can I help you today?", reply(engine, "Hi, this is Dana."));
        assertEquals("איך אפשר לעזור?", reply(engine, "שלום"));
    }

    @Test
    void theDeterministicSummarySaysWhatHappened() {
        CallFacts call = new CallFacts(true, "+14155550131", true, "completed", "agent_ended", "Dana Levi",
                "+14155550142", false, List.of(new TranscriptEntry(TranscriptEntry.USER, "When are you open?",
                        Instant.now())));
        assertEquals("Inbound call from +14155550131. The caller asked: When are you open? Lead taken: Dana Levi, "
                + "+14155550142. The agent ended the call.", Summaries.of(call));
        assertEquals("Outbound call to +14155550002. The line was busy.", Summaries.of(new CallFacts(false,
                "+14155550002", false, "failed", "busy", null, null, false, List.of())));
    }
}
