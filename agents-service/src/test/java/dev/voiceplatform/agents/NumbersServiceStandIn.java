package dev.voiceplatform.agents;

import dev.voiceplatform.testing.ServiceStandIn;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The numbers service's internal retirement of an agent: 409 for agents the test says a number routes to, 200
 * otherwise. A test may hold the answers back, as a slow numbers service would.
 */
public class NumbersServiceStandIn extends ServiceStandIn {

    private static final Set<String> ROUTED = ConcurrentHashMap.newKeySet();
    private static final Set<String> RETIRED = ConcurrentHashMap.newKeySet();
    private static volatile boolean failing;
    private static volatile CompletableFuture<Void> release = CompletableFuture.completedFuture(null);
    private static volatile CompletableFuture<Void> heldArrived = new CompletableFuture<>();

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

    /**
     * Holds every retirement unanswered until {@link #releaseHeld()}; the future completes when the first held one
     * has arrived.
     */
    public static CompletableFuture<Void> holdRetirements() {
        heldArrived = new CompletableFuture<>();
        release = new CompletableFuture<>();
        return heldArrived;
    }

    /** Answers the held retirements and answers the next ones at once again. */
    public static void releaseHeld() {
        release.complete(null);
    }

    @Override
    protected String urlProperty() {
        return "quarkus.rest-client.numbers.url";
    }

    @Override
    protected String serviceName() {
        return "numbers";
    }

    @Override
    protected void answer(HttpServerRequest request, String organization) {
        if (failing) {
            request.response().setStatusCode(500).end();
            return;
        }
        if (!request.path().matches("/internal/agents/[^/]+/retire") || !"POST".equals(request.method().name())) {
            request.response().setStatusCode(404).end();
            return;
        }
        CompletableFuture<Void> answered = release;
        if (!answered.isDone()) {
            heldArrived.complete(null);
        }
        answered.thenRun(() -> retire(request, organization));
    }

    private static void retire(HttpServerRequest request, String organization) {
        String agentId = request.path().split("/")[3];
        String agent = organization + "/" + agentId;
        if (ROUTED.contains(agent)) {
            error(request, 409, "AGENT_HAS_PHONE_NUMBER");
            return;
        }
        RETIRED.add(agent);
        json(request, 200, new JsonObject().put("agent_id", agentId).put("retired", true));
    }
}
