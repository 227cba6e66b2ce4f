package dev.voiceplatform.runtime.conversation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A local stand-in for an OpenAI-compatible chat endpoint: answers {@code POST /v1/chat/completions} with a fixed
 * reply, or a 500 while failing or when the request mentions {@link #FAIL_MARKER} (how a component test, whose
 * stub lives in another class loader than the test, makes it fail), and keeps every request it got.
 */
final class ChatStub implements AutoCloseable {

    static final String FAIL_MARKER = "[the model fails]";
    static final String REPLY = "We are open from nine to five, Sunday to Thursday.";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private volatile boolean failing;

    ChatStub() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/v1/chat/completions", exchange -> {
            JsonNode request = JSON.readTree(exchange.getRequestBody());
            requests.add(request);
            authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
            boolean failing = this.failing || request.toString().contains(FAIL_MARKER);
            byte[] body = (failing ? "{\"error\":{\"message\":\"overloaded\"}}"
                    : JSON.createObjectNode().set("choices", JSON.createArrayNode().add(JSON.createObjectNode()
                            .set("message", JSON.createObjectNode().put("role", "assistant").put("content", REPLY))))
                            .toString()).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(failing ? 500 : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    void failing(boolean value) {
        failing = value;
    }

    List<JsonNode> requests() {
        return requests;
    }

    List<String> authorizations() {
        return authorizations;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
