package dev.voiceplatform.runtime.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.events.TranscriptEntry;
import io.smallrye.mutiny.Uni;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * A chat endpoint that speaks the OpenAI chat-completions protocol ({@code POST <base>/chat/completions}): the
 * agent's prompt and business context as the system message, the transcript as the conversation. Non-blocking
 * (the JDK client's asynchronous send). A non-2xx answer, an answer without text or no answer within the timeout
 * fails the {@code Uni} with {@link ModelFailure}.
 */
public class OpenAiCompatibleModel implements LanguageModel {

    /** The model could not give an answer. */
    public static final class ModelFailure extends RuntimeException {
        public ModelFailure(String message) {
            super(message);
        }
    }

    private final HttpClient http;
    private final URI completions;
    private final String apiKey;
    private final String model;
    private final Duration timeout;
    private final ObjectMapper json;

    public OpenAiCompatibleModel(URI baseUrl, String apiKey, String model, Duration timeout, ObjectMapper json) {
        String base = baseUrl.toString();
        this.completions = URI.create((base.endsWith("/") ? base : base + "/") + "chat/completions");
        this.apiKey = apiKey;
        this.model = model;
        this.timeout = timeout;
        this.json = json;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    @Override
    public Uni<String> reply(AgentSettings agent, List<TranscriptEntry> transcript) {
        ObjectNode body = request(agent.temperature());
        ArrayNode messages = body.putArray("messages");
        messages.addObject().put("role", "system").put("content", systemPrompt(agent));
        for (TranscriptEntry entry : transcript) {
            messages.addObject().put("role", entry.role()).put("content", entry.text());
        }
        return send(body);
    }

    @Override
    public Uni<String> summarize(AgentSettings agent, CallFacts call) {
        ObjectNode body = request(0.2);
        ArrayNode messages = body.putArray("messages");
        messages.addObject().put("role", "system").put("content", "Summarize this phone call in at most three "
                + "sentences: who called, what they asked, whether a lead was taken and how the call ended.");
        StringBuilder text = new StringBuilder("The call ended: ").append(call.status()).append(" (")
                .append(call.endReason()).append(").\n");
        for (TranscriptEntry entry : call.transcript()) {
            text.append(entry.role()).append(": ").append(entry.text()).append('\n');
        }
        messages.addObject().put("role", "user").put("content", text.toString());
        return send(body);
    }

    private ObjectNode request(double temperature) {
        ObjectNode body = json.createObjectNode();
        body.put("model", model);
        body.put("temperature", temperature);
        return body;
    }

    private static String systemPrompt(AgentSettings agent) {
        StringBuilder system = new StringBuilder(agent.prompt());
        if (agent.businessContext() != null) {
            system.append("\n\nBusiness context:\n").append(agent.businessContext());
        }
        system.append("\n\nYou are speaking on a phone call. Answer in one or two short sentences, in the language ")
                .append("with the tag '").append(agent.language()).append("' unless the caller speaks another.");
        return system.toString();
    }

    private Uni<String> send(ObjectNode body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(completions).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        if (apiKey != null && !apiKey.isBlank()) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        return Uni.createFrom().completionStage(() -> http.sendAsync(request.build(),
                        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)))
                .map(this::content);
    }

    private String content(HttpResponse<String> response) {
        if (response.statusCode() / 100 != 2) {
            throw new ModelFailure("the model answered " + response.statusCode());
        }
        JsonNode answer;
        try {
            answer = json.readTree(response.body());
        } catch (Exception e) {
            throw new ModelFailure("the model's answer is not JSON");
        }
        JsonNode content = answer.path("choices").path(0).path("message").path("content");
        if (!content.isTextual() || content.asText().isBlank()) {
            throw new ModelFailure("the model's answer holds no text");
        }
        return content.asText().strip();
    }
}
