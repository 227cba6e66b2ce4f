package dev.voiceplatform.numbers;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Answers the agents service's internal lookup for component tests, from agents the test registers. It reads the
 * organization from the token it receives, so it also proves the numbers service forwards the caller's token. The
 * real agents service answers in the end-to-end tests.
 */
public class AgentsServiceStandIn implements QuarkusTestResourceLifecycleManager {

    private static final Map<String, Boolean> KNOWN = new ConcurrentHashMap<>();
    private static volatile boolean failing;
    private Vertx vertx;

    /** An agent of the organization; a tester when {@code tester}. */
    public static void register(UUID organizationId, UUID agentId, boolean tester) {
        KNOWN.put(organizationId + "/" + agentId, tester);
    }

    public static void failing(boolean value) {
        failing = value;
    }

    @Override
    public Map<String, String> start() {
        vertx = Vertx.vertx();
        HttpServer server = vertx.createHttpServer().requestHandler(request -> {
            if (failing) {
                request.response().setStatusCode(500).end();
                return;
            }
            String path = request.path();
            String agent = path.substring(path.lastIndexOf('/') + 1);
            Boolean tester = KNOWN.get(organizationOf(request.getHeader("Authorization")) + "/" + agent);
            if (path.startsWith("/internal/agents/") && tester != null) {
                request.response().putHeader("Content-Type", "application/json")
                        .end(new JsonObject().put("id", agent).put("name", "stand-in")
                                .put("status", tester ? "testing" : "inactive").put("published", false)
                                .put("is_tester", tester).put("version", 1).encode());
            } else {
                request.response().setStatusCode(404).putHeader("Content-Type", "application/json")
                        .end("{\"error\":{\"code\":\"NOT_FOUND\"}}");
            }
        });
        try {
            server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return Map.of("quarkus.rest-client.agents.url", "http://127.0.0.1:" + server.actualPort());
    }

    private static String organizationOf(String authorization) {
        if (authorization == null || !authorization.startsWith("Bearer ")) {
            return "none";
        }
        String[] parts = authorization.substring(7).split("\\.");
        if (parts.length < 2) {
            return "none";
        }
        JsonObject claims = new JsonObject(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
        return claims.getString("org", "none");
    }

    @Override
    public void stop() {
        if (vertx != null) {
            vertx.close();
        }
    }
}
