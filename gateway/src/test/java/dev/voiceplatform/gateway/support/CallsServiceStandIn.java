package dev.voiceplatform.gateway.support;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The calls service as the gateway meets it, on a port of its own (so requests to it never mix with the stub's): a
 * key's calls of the day (GET /me), the do-not-call lists (admin API), and the public calls routes, each answered
 * from what a test set and recorded with the claims of the token it carried.
 */
public final class CallsServiceStandIn {

    /** A request the stand-in received. */
    public record Received(String method, String uri, JsonObject claims, String body, String contentType) {
    }

    private static final Vertx VERTX = Vertx.vertx();
    private static final List<Received> RECEIVED = new CopyOnWriteArrayList<>();
    private static final Map<String, Integer> USED = new ConcurrentHashMap<>();
    private static volatile boolean failing;
    private static HttpServer server;

    private CallsServiceStandIn() {
    }

    /** Starts listening on a free port, once; returns the port. */
    static synchronized int start() {
        if (server == null) {
            try {
                server = VERTX.createHttpServer().requestHandler(CallsServiceStandIn::handle).listen(0, "127.0.0.1")
                        .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("the calls stand-in did not start", e);
            }
        }
        return server.actualPort();
    }

    /** The key placed this many calls today. */
    public static void used(String keyId, int calls) {
        USED.put(keyId, calls);
    }

    /** Every request is answered 500 while set. */
    public static void failing(boolean value) {
        failing = value;
    }

    public static List<Received> received(String uriPrefix) {
        return RECEIVED.stream().filter(request -> request.uri().startsWith(uriPrefix)).toList();
    }

    private static void handle(HttpServerRequest request) {
        request.body().onSuccess(body -> answer(request, body));
    }

    private static void answer(HttpServerRequest request, Buffer body) {
        RECEIVED.add(new Received(request.method().name(), request.uri(), claims(request.getHeader("Authorization")),
                body.toString(), request.getHeader("Content-Type")));
        if (failing) {
            request.response().setStatusCode(500).end();
            return;
        }
        String path = request.path();
        if (path.startsWith("/internal/keys/") && path.endsWith("/daily-calls")) {
            String keyId = path.substring("/internal/keys/".length(), path.length() - "/daily-calls".length());
            json(request, 200, new JsonObject().put("key_id", keyId).put("day", "2026-11-24")
                    .put("used", USED.getOrDefault(keyId, 0)).put("limit", 50));
        } else if (path.endsWith("/recording")) {
            request.response().setStatusCode(200).putHeader("Content-Type", "audio/wav").end("RIFF-stand-in");
        } else if (request.method().name().equals("POST") && path.endsWith("/do-not-call")) {
            json(request, 201, new JsonObject(body).put("source", "admin"));
        } else {
            json(request, 200, new JsonObject().put("ok", true).put("path", path));
        }
    }

    private static void json(HttpServerRequest request, int status, JsonObject body) {
        request.response().setStatusCode(status).putHeader("Content-Type", "application/json").end(body.encode());
    }

    private static JsonObject claims(String authorization) {
        if (authorization == null || !authorization.startsWith("Bearer ")) {
            return new JsonObject();
        }
        String[] parts = authorization.substring(7).split("\\.");
        return new JsonObject(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
    }
}
