package dev.voiceplatform.runtime.conversation;

import static dev.voiceplatform.runtime.RuntimeApi.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.common.events.RuntimeAgentError;
import dev.voiceplatform.common.events.RuntimeCallEnded;
import dev.voiceplatform.runtime.RuntimeApi;
import dev.voiceplatform.runtime.RuntimeApi.Org;
import dev.voiceplatform.testing.KafkaEvents;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A runtime with a language model configured: the model words the agent's answers and the summary. */
@QuarkusTest
@TestProfile(LanguageModelCallTest.WithModel.class)
class LanguageModelCallTest {

    static final ChatStub STUB = new ChatStub();

    public static class WithModel implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("platform.runtime.model.base-url", STUB.baseUrl(),
                    "platform.runtime.model.api-key", "sk-runtime", "platform.runtime.model.name", "voice-model");
        }
    }

    @Test
    void theModelsRepliesAreSpokenAndItSummarizesTheCall() {
        Org org = Org.withAgent(new JsonObject().put("prompt", "You answer for a dental clinic."));
        UUID call = UUID.randomUUID();
        try (KafkaEvents events = RuntimeApi.events()) {
            RuntimeApi.dial(call, org.id(), org.agent(), "+14155550141").then().statusCode(202);
            JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
            assertEquals("completed", ended.path("status").asText());
            assertEquals(ChatStub.REPLY, ended.path("transcript").path(2).path("text").asText());
            assertEquals(ChatStub.REPLY, ended.path("summary").asText());
            assertEquals(0, RuntimeApi.count(events, RuntimeAgentError.TYPE, call, Duration.ofMillis(200)));
        }
    }

    @Test
    void aFailingModelIsReportedAndTheCallGoesOnWithTheBuiltInEngine() {
        Org org = Org.withAgent(new JsonObject().put("prompt", "You answer the phone. " + ChatStub.FAIL_MARKER));
        UUID call = UUID.randomUUID();
        try (KafkaEvents events = RuntimeApi.events()) {
            RuntimeApi.dial(call, org.id(), org.agent(), "+14155550143").then().statusCode(202);
            JsonNode error = await(events, RuntimeAgentError.TYPE, call);
            assertEquals("model_error", error.path("error_code").asText());
            assertTrue(error.path("message").asText().contains("500"), error.path("message").asText());
            JsonNode ended = await(events, RuntimeCallEnded.TYPE, call);
            assertEquals("completed", ended.path("status").asText());
            assertEquals("agent_ended", ended.path("end_reason").asText());
            assertTrue(ended.path("summary").asText().startsWith("Outbound call to +14155550143."),
                    "the deterministic summary stands in: " + ended.path("summary").asText());
            assertEquals(1, RuntimeApi.count(events, RuntimeAgentError.TYPE, call, Duration.ofMillis(200)),
                    "reported once; the call then goes on without the model");
        }
    }
}
