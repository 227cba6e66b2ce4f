package dev.voiceplatform.testing;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agents service's internal agent lookup ({@code GET /internal/agents/{id}}, what {@code AgentDirectory} asks),
 * answering from the agents a test registers, for services that look agents up.
 */
public class AgentsServiceStandIn extends ServiceStandIn {

    /** Status of each registered agent, by organization and agent. */
    private static final Map<String, String> KNOWN = new ConcurrentHashMap<>();
    /** The first number bound to each agent that has one, by organization and agent. */
    private static final Map<String, String> NUMBERS = new ConcurrentHashMap<>();
    private static volatile boolean failing;

    /** An agent of the organization. */
    public static void register(UUID organizationId, UUID agentId) {
        register(organizationId, agentId, false);
    }

    /** An agent of the organization; a tester when {@code tester}. */
    public static void register(UUID organizationId, UUID agentId, boolean tester) {
        register(organizationId, agentId, tester ? "testing" : "inactive");
    }

    /**
     * An agent of the organization in the given status (active, inactive, draft, testing): published when active, a
     * tester when testing.
     */
    public static void register(UUID organizationId, UUID agentId, String status) {
        KNOWN.put(organizationId + "/" + agentId, status);
    }

    /** The agent's first bound number from now on, answered as {@code phone_number} (E.164). */
    public static void bind(UUID organizationId, UUID agentId, String phoneNumber) {
        NUMBERS.put(organizationId + "/" + agentId, phoneNumber);
    }

    public static void failing(boolean value) {
        failing = value;
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
        if (failing) {
            request.response().setStatusCode(500).end();
            return;
        }
        String path = request.path();
        String agent = path.substring(path.lastIndexOf('/') + 1);
        String status = KNOWN.get(organization + "/" + agent);
        if (path.startsWith("/internal/agents/") && status != null) {
            json(request, 200, new JsonObject().put("id", agent).put("organization_id", organization)
                    .put("name", "stand-in").put("status", status).put("published", "active".equals(status))
                    .put("is_tester", "testing".equals(status)).put("version", 1)
                    .put("phone_number", NUMBERS.get(organization + "/" + agent)));
        } else {
            error(request, 404, "NOT_FOUND");
        }
    }
}
