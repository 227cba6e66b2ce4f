package dev.voiceplatform.agents;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Answers the numbers service's internal retirement of an agent for component tests: 409 for agents the test says a
 * number routes to, 200 otherwise. It reads the organization from the token it receives, so it also proves the agents
 * service forwards the caller's token. The real numbers service answers in the end-to-end tests.
 */
public class NumbersServiceStandIn implements QuarkusTestResourceLifecycleManager {

    private static final Set<String> ROUTED = ConcurrentHashMap.newKeySet();
    private static final Set<String> RETIRED = ConcurrentHashMap.newKeySet();
    private static volatile boolean failing;
    private Vertx vertx;

    /** A number routes to the agent: retiring it answers 409. */
    public static void routes(UUID organizationId, String agentId) {
        ROUTED.add(organizationId + "/" + agentId);
    }

    public static void unroutes(UUID organizationId, String agentId) {
        ROUTED.remove(organizationId + "/" + agentId);
    }

    /** Whether the agent was retired with a token of the organization. */
    public static boolean retired(UUID organizationId, String agentId) {
        return RETIRED.contains(organizationId + "/" + agentId);
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
            String[] path = request.path().split("/");
            if (!request.path().matches("/internal/agents/[^/]+/retire") || !"POST".equals(request.method().name())) {
                request.response().setStatusCode(404).end();
                return;
            }
            String agent = organizationOf(request.getHeader("Authorization")) + "/" + path[3];
            if (ROUTED.contains(agent)) {
                request.response().setStatusCode(409).putHeader("Content-Type", "application/json")
                        .end("{\"error\":{\"code\":\"AGENT_HAS_PHONE_NUMBER\"}}");
                return;
            }
            RETIRED.add(agent);
            request.response().putHeader("Content-Type", "application/json")
                    .end(new JsonObject().put("agent_id", path[3]).put("retired", true).encode());
        });
        try {
            server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return Map.of("quarkus.rest-client.numbers.url", "http://127.0.0.1:" + server.actualPort());
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
