package dev.voiceplatform.calls;

import dev.voiceplatform.testing.ServiceStandIn;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The voice runtime's internal endpoints (the contract: dial, teardown, recordings), answering as its local carrier
 * does by the last digits of the number dialled: 0003 is refused (502 CALL_DISPATCH_FAILED), and, for tests of an
 * unknown outcome, 0008 is never answered. Every request is recorded with the organization its token spoke for.
 */
public class RuntimeStandIn extends ServiceStandIn {

    /** A request the runtime received. */
    public record Received(String method, String path, String organization, JsonObject body) {
    }

    private static final List<Received> RECEIVED = new CopyOnWriteArrayList<>();
    private static final Set<String> REFUSED_TEARDOWNS = ConcurrentHashMap.newKeySet();
    private static final Set<String> SILENT_TEARDOWNS = ConcurrentHashMap.newKeySet();
    private static final Map<String, byte[]> RECORDINGS = new ConcurrentHashMap<>();

    /** The dials received for a call. */
    public static List<Received> dials(UUID callId) {
        return RECEIVED.stream().filter(r -> r.path().equals("/internal/calls/dial")
                && callId.toString().equals(r.body().getString("call_id"))).toList();
    }

    /** The dials received to a number. */
    public static List<Received> dialsTo(String number) {
        return RECEIVED.stream().filter(r -> r.path().equals("/internal/calls/dial")
                && number.equals(r.body().getString("to"))).toList();
    }

    public static List<Received> teardowns(UUID callId) {
        return RECEIVED.stream().filter(r -> r.path().equals("/internal/calls/" + callId + "/teardown")).toList();
    }

    /** The recordings asked for of a call. */
    public static List<Received> recordings(UUID callId) {
        return RECEIVED.stream().filter(r -> r.path().equals("/internal/recordings/" + callId)).toList();
    }

    /** The media layer refuses to tear this call down (502 TEARDOWN_FAILED). */
    public static void refuseTeardown(UUID callId) {
        REFUSED_TEARDOWNS.add(callId.toString());
    }

    /** Teardowns of this call are never answered. */
    public static void silentTeardown(UUID callId) {
        SILENT_TEARDOWNS.add(callId.toString());
    }

    /** The runtime holds this recording of the organization's call. */
    public static void recording(UUID organizationId, UUID callId, byte[] wav) {
        RECORDINGS.put(organizationId + "/" + callId, wav);
    }

    @Override
    protected String urlProperty() {
        return "quarkus.rest-client.runtime.url";
    }

    @Override
    protected String serviceName() {
        return "runtime";
    }

    @Override
    protected void answer(HttpServerRequest request, String organization) {
        request.body().onSuccess(bytes -> answer(request, organization, bytes));
    }

    private void answer(HttpServerRequest request, String organization, Buffer bytes) {
        String path = request.path();
        JsonObject body = bytes.length() == 0 ? new JsonObject() : bytes.toJsonObject();
        RECEIVED.add(new Received(request.method().name(), path, organization, body));
        if (path.equals("/internal/calls/dial")) {
            String to = body.getString("to", "");
            if (to.endsWith("0003")) {
                error(request, 502, "CALL_DISPATCH_FAILED");
            } else if (!to.endsWith("0008")) {
                json(request, 202, new JsonObject().put("call_id", body.getString("call_id")).put("accepted", true));
            }
        } else if (path.startsWith("/internal/calls/") && path.endsWith("/teardown")) {
            String callId = path.substring("/internal/calls/".length(), path.length() - "/teardown".length());
            if (REFUSED_TEARDOWNS.contains(callId)) {
                error(request, 502, "TEARDOWN_FAILED");
            } else if (!SILENT_TEARDOWNS.contains(callId)) {
                json(request, 200, new JsonObject().put("call_id", callId).put("teardown_ok", true));
            }
        } else if (path.startsWith("/internal/recordings/")) {
            byte[] wav = RECORDINGS.get(organization + "/" + path.substring("/internal/recordings/".length()));
            if (wav == null) {
                error(request, 404, "NOT_FOUND");
            } else {
                request.response().setStatusCode(200).putHeader("Content-Type", "audio/wav").end(Buffer.buffer(wav));
            }
        } else {
            error(request, 404, "NOT_FOUND");
        }
    }
}
