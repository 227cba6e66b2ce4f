package dev.voiceplatform.runtime;

import dev.voiceplatform.testing.ServiceStandIn;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/** The numbers service's routing answer ({@code GET /internal/routes/{e164}}), from registered bindings. */
public class NumbersStandIn extends ServiceStandIn {

    private static final Map<String, JsonObject> ROUTES = new ConcurrentHashMap<>();

    public static void bind(String number, UUID organizationId, UUID agentId) {
        ROUTES.put(number, new JsonObject().put("phone_number", number)
                .put("organization_id", organizationId.toString()).put("agent_id", agentId.toString()));
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
        String prefix = "/internal/routes/";
        JsonObject route = request.path().startsWith(prefix) && organization.equals(NO_ORGANIZATION)
                ? ROUTES.get(URLDecoder.decode(request.path().substring(prefix.length()), StandardCharsets.UTF_8)
                        .replace(' ', '+'))
                : null;
        if (route == null) {
            error(request, 404, "NOT_FOUND");
        } else {
            json(request, 200, route);
        }
    }
}
