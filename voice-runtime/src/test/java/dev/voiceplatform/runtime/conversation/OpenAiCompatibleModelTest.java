package dev.voiceplatform.runtime.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.events.TranscriptEntry;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The OpenAI-compatible adapter against a local stub of the protocol. */
class OpenAiCompatibleModelTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static AgentSettings agent() {
        ObjectNode settings = JSON.createObjectNode().put("prompt", "You answer for a dental clinic.")
                .put("businessContext", "Open 9 to 5.").put("language", "en").put("temperature", 0.4);
        return new AgentSettings(UUID.randomUUID(), UUID.randomUUID(), "Front desk", "active", true, false, settings);
    }

    @Test
    void asksWithThePromptAndTranscriptAndUsesTheReply() {
        try (ChatStub stub = new ChatStub()) {
            OpenAiCompatibleModel model = new OpenAiCompatibleModel(URI.create(stub.baseUrl()), "sk-test", "small-model",
                    Duration.ofSeconds(5), JSON);
            List<TranscriptEntry> transcript = List.of(
                    new TranscriptEntry(TranscriptEntry.ASSISTANT, "Hello!", Instant.now()),
                    new TranscriptEntry(TranscriptEntry.USER, "When are you open?", Instant.now()));
            String reply = model.reply(agent(), transcript).await().atMost(Duration.ofSeconds(10));
            assertEquals(ChatStub.REPLY, reply);

            JsonNode request = stub.requests().get(0);
            assertEquals("small-model", request.path("model").asText());
            assertEquals(0.4, request.path("temperature").asDouble());
            JsonNode messages = request.path("messages");
            assertEquals(3, messages.size());
            assertEquals("system", messages.path(0).path("role").asText());
            assertTrue(messages.path(0).path("content").asText().startsWith("You answer for a dental clinic."));
            assertTrue(messages.path(0).path("content").asText().contains("Open 9 to 5."));
            assertEquals("assistant", messages.path(1).path("role").asText());
            assertEquals("user", messages.path(2).path("role").asText());
            assertEquals("When are you open?", messages.path(2).path("content").asText());
            assertEquals("Bearer sk-test", stub.authorizations().get(0));
        }
    }

    @Test
    void aFailedAnswerIsAModelFailure() {
        try (ChatStub stub = new ChatStub()) {
            stub.failing(true);
            OpenAiCompatibleModel model = new OpenAiCompatibleModel(URI.create(stub.baseUrl() + "/"), null, "m",
                    Duration.ofSeconds(5), JSON);
            OpenAiCompatibleModel.ModelFailure failure = assertThrows(OpenAiCompatibleModel.ModelFailure.class,
                    () -> model.reply(agent(), List.of()).await().atMost(Duration.ofSeconds(10)));
            assertEquals("the model answered 500", failure.getMessage());
            assertEquals(null, stub.authorizations().get(0), "no key configured, none sent");
        }
    }
}
