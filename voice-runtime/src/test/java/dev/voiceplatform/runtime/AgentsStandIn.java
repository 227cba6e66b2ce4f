package dev.voiceplatform.runtime;

import dev.voiceplatform.testing.ServiceStandIn;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/** The agents service's internal settings answer ({@code GET /internal/agents/{id}/settings}), from registered agents. */
public class AgentsStandIn extends ServiceStandIn {

    private static final Map<String, JsonObject> AGENTS = new ConcurrentHashMap<>();

    /** A published agent of the organization with these settings (keys of docs/agent-settings.md). */
    public static UUID register(UUID organizationId, JsonObject settings) {
        return register(organizationId, settings, true);
    }

    public static UUID register(UUID organizationId, JsonObject settings, boolean published) {
        UUID agentId = UUID.randomUUID();
        AGENTS.put(organizationId + "/" + agentId, new JsonObject().put("id", agentId.toString())
                .put("organization_id", organizationId.toString()).put("name", "Front desk")
                .put("status", published ? "active" : "draft").put("published", published).put("is_tester", false)
                .put("version", 1).put("settings", settings));
        return agentId;
    }

    /** A tester agent of the organization (status testing), which never answers real calls. */
    public static UUID registerTester(UUID organizationId) {
        UUID agentId = register(organizationId, new JsonObject(), false);
        AGENTS.get(organizationId + "/" + agentId).put("status", "testing").put("is_tester", true);
        return agentId;
    }

    /** The agent is gone: its settings answer 404 from now on. */
    public static void forget(UUID organizationId, UUID agentId) {
        AGENTS.remove(organizationId + "/" + agentId);
    }

    @Override
    protected String urlProperty() {
        return "quarkus.rest-client.agents.url";
    }

    @Override
    protected String serviceName() {
        return "agents";
    }

    @Override
    protected void answer(HttpServerRequest request, String organization) {
        String[] path = request.path().split("/");
        // /internal/agents/{id}/settings
        JsonObject agent = path.length == 5 && path[4].equals("settings") ? AGENTS.get(organization + "/" + path[3])
                : null;
        if (agent == null) {
            error(request, 404, "NOT_FOUND");
        } else {
            json(request, 200, agent);
        }
    }
}
