package dev.voiceplatform.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Stands in, in a service's component tests, for another platform service's internal endpoint: an HTTP server on
 * a free loopback port whose address goes to {@link #urlProperty()}. Each request is answered with the
 * organization of the token it carried, so a stand-in also proves the caller spoke for the request's own
 * organization; like the real service, it refuses with 401 a token not addressed to it ({@link #serviceName()}).
 * The real service answers in the end-to-end tests.
 */
public abstract class ServiceStandIn implements QuarkusTestResourceLifecycleManager {

    /** The organization of a request that carried no readable token. */
    protected static final String NO_ORGANIZATION = "none";

    private Vertx vertx;

    /** The configuration property of the caller that names the stood-in service's address. */
    protected abstract String urlProperty();

    /** The stood-in service's name in the platform manifest: the audience its tokens must name. */
    protected abstract String serviceName();

    /** Answers one request on behalf of {@code organization} (the token's {@code org} claim). */
    protected abstract void answer(HttpServerRequest request, String organization);

    @Override
    public Map<String, String> start() {
        vertx = Vertx.vertx();
        HttpServer server = vertx.createHttpServer()
                .requestHandler(this::receive);
        try {
            server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the stand-in did not start", e);
        }
        return Map.of(urlProperty(), "http://127.0.0.1:" + server.actualPort());
    }

    @Override
    public void stop() {
        if (vertx != null) {
            vertx.close();
        }
    }

    /** Answers in JSON. */
    protected static void json(HttpServerRequest request, int status, JsonObject body) {
        request.response().setStatusCode(status).putHeader("Content-Type", "application/json").end(body.encode());
    }

    /** An error in the platform's envelope. */
    protected static void error(HttpServerRequest request, int status, String code) {
        json(request, status, new JsonObject().put("error", new JsonObject().put("code", code)));
    }

    private void receive(HttpServerRequest request) {
        JsonObject claims = claimsOf(request.getHeader("Authorization"));
        Object audience = claims.getValue("aud");
        boolean addressedHere = audience instanceof JsonArray list ? list.contains(serviceName())
                : serviceName().equals(audience);
        if (!addressedHere) {
            error(request, 401, "NOT_AUTHENTICATED");
            return;
        }
        answer(request, claims.getString("org", NO_ORGANIZATION));
    }

    /** The claims of the bearer token, read without verifying it; none when there is no readable token. */
    private static JsonObject claimsOf(String authorization) {
        if (authorization == null || !authorization.startsWith("Bearer ")) {
            return new JsonObject();
        }
        String[] parts = authorization.substring(7).split("\\.");
        if (parts.length < 2) {
            return new JsonObject();
        }
        return new JsonObject(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
    }
}
