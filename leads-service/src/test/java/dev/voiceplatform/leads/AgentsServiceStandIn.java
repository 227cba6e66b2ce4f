package dev.voiceplatform.leads;

import dev.voiceplatform.testing.ServiceStandIn;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/** The agents service's internal agent lookup, answering from the agents a test registers. */
public class AgentsServiceStandIn extends ServiceStandIn {

    private static final Set<String> KNOWN = ConcurrentHashMap.newKeySet();
    private static volatile boolean failing;

    public static void register(UUID organizationId, UUID agentId) {
        KNOWN.add(organizationId + "/" + agentId);
    }

    public static void failing(boolean value) {
        failing = value;
    }

    @Override
    protected String urlProperty() {
        return "quarkus.rest-client.agents.url";
    }

    @Override
    protected void answer(HttpServerRequest request, String organization) {
        if (failing) {
            request.response().setStatusCode(500).end();
            return;
        }
        String path = request.path();
        String agent = path.substring(path.lastIndexOf('/') + 1);
        if (path.startsWith("/internal/agents/") && KNOWN.contains(organization + "/" + agent)) {
            json(request, 200, new JsonObject().put("id", agent).put("name", "stand-in").put("status", "inactive"));
        } else {
            error(request, 404, "NOT_FOUND");
        }
    }
}
