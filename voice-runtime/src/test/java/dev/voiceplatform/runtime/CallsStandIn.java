package dev.voiceplatform.runtime;

import dev.voiceplatform.testing.ServiceStandIn;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The calls service's inbound record opening ({@code POST /internal/calls/inbound}): 201 with a new call id, or,
 * once {@link #overLimit} is set, 429 RATE_LIMIT_EXCEEDED with details.limit inbound_concurrency.
 */
public class CallsStandIn extends ServiceStandIn {

    /** One request as it arrived, with the call id answered. */
    public record Opened(String organization, JsonObject body, String callId) {
    }

    private static final List<Opened> OPENED = new CopyOnWriteArrayList<>();
    private static volatile boolean overLimit;

    public static void overLimit(boolean value) {
        overLimit = value;
    }

    public static List<Opened> opened() {
        return List.copyOf(OPENED);
    }

    @Override
    protected String urlProperty() {
        return "quarkus.rest-client.calls.url";
    }

    @Override
    protected String serviceName() {
        return "calls";
    }

    @Override
    protected void answer(HttpServerRequest request, String organization) {
        request.body().onSuccess(buffer -> {
            String callId = UUID.randomUUID().toString();
            OPENED.add(new Opened(organization, buffer.toJsonObject(), callId));
            if (overLimit) {
                json(request, 429, new JsonObject().put("error", new JsonObject().put("code", "RATE_LIMIT_EXCEEDED")
                        .put("message", "Too many inbound calls at once")
                        .put("details", new JsonObject().put("limit", "inbound_concurrency").put("call_id", callId))));
                return;
            }
            json(request, 201, new JsonObject().put("call_id", callId).put("metadata", new JsonObject()));
        });
    }
}
