package dev.voiceplatform.gateway.routing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.correlation.CorrelationIds;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.gateway.keys.KeyCredential;
import dev.voiceplatform.gateway.keys.Scope;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * The public API under {@code /v1}, one pipeline for every request: version, key, route and scopes, then the
 * owning service (or the gateway itself for {@code /me}). Every answer carries {@code Service-Version}.
 */
@ApplicationScoped
public class PublicApi {

    static final String PREFIX = "/v1";
    /** After the correlation handler of platform-common, before the REST layer. */
    private static final int ORDER = -1_000;
    private static final String JSON = "application/json";
    private static final Logger LOG = Logger.getLogger(PublicApi.class);

    private final ApiKeyAuthenticator authenticator;
    private final RouteTable routes;
    private final ServiceForwarder forwarder;
    private final ObjectMapper objectMapper;

    public PublicApi(ApiKeyAuthenticator authenticator, RouteTable routes, ServiceForwarder forwarder,
            ObjectMapper objectMapper) {
        this.authenticator = authenticator;
        this.routes = routes;
        this.forwarder = forwarder;
        this.objectMapper = objectMapper;
    }

    void init(@Observes Router router) {
        router.route().order(ORDER).handler(this::handle);
    }

    private void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        // Decided on the raw path, the one that is matched and forwarded, not on the router's normalised form.
        String rawPath = request.path();
        if (!rawPath.equals(PREFIX) && !rawPath.startsWith(PREFIX + "/")) {
            ctx.next();
            return;
        }
        // The body waits here until the key is known, then flows straight to the service.
        request.pause();
        String version;
        try {
            version = ApiVersions.resolve(request.getHeader(ApiVersions.HEADER));
        } catch (ApiException e) {
            // Nothing was resolved; the answer names the version a request without the header gets.
            ctx.response().putHeader(ApiVersions.HEADER, ApiVersions.oldest());
            respond(ctx, e);
            return;
        }
        ctx.response().putHeader(ApiVersions.HEADER, version);
        Context requestContext = Vertx.currentContext();
        authenticator.authenticate(request.getHeader(HttpHeaders.AUTHORIZATION),
                        request.getHeader(ApiKeyAuthenticator.API_KEY_HEADER))
                .emitOn(task -> requestContext.runOnContext(ignored -> task.run()))
                .subscribe().with(credential -> authenticated(ctx, credential), failure -> fail(ctx, failure));
    }

    private void authenticated(RoutingContext ctx, KeyCredential credential) {
        try {
            String path = ctx.request().path().substring(PREFIX.length());
            Route route = routes.match(ctx.request().method(), path)
                    .orElseThrow(() -> ApiException.of(ErrorCode.NOT_FOUND, "No such route")
                            .withHint("Check the method and the path against the API reference."));
            Optional<Scope> missing = route.firstMissingScope(credential.key().scopes());
            if (missing.isPresent()) {
                throw ApiException.of(ErrorCode.INSUFFICIENT_SCOPE, "The key lacks the scope " + missing.get().wireName())
                        .withDetail("required_scope", missing.get().wireName())
                        .withDetail("your_scopes", credential.key().scopes());
            }
            // Rate limits (fail closed) and idempotency belong here: after the scope check (part 5.11), before
            // the request reaches a service.
            if (route.service().local()) {
                serveLocally(ctx, route, credential);
            } else {
                forwarder.forward(ctx, route, path, credential, error -> respond(ctx, error));
            }
        } catch (RuntimeException e) {
            fail(ctx, e);
        }
    }

    private void serveLocally(RoutingContext ctx, Route route, KeyCredential credential) {
        if (!RouteTable.ME.equals(route.pattern())) {
            throw new IllegalStateException("no local handler for " + route.pattern());
        }
        ctx.request().resume();
        ctx.response().setStatusCode(200).putHeader(HttpHeaders.CONTENT_TYPE, JSON).end(json(MeView.of(credential)));
    }

    private void fail(RoutingContext ctx, Throwable failure) {
        if (failure instanceof ApiException api) {
            respond(ctx, api);
            return;
        }
        LOG.errorf(failure, "Public request failed (correlation id %s)", ctx.request().getHeader(CorrelationIds.HEADER));
        respond(ctx, ApiException.of(ErrorCode.INTERNAL_ERROR, "Internal error"));
    }

    private void respond(RoutingContext ctx, ApiException error) {
        HttpServerResponse response = ctx.response();
        if (response.closed() || response.ended()) {
            return;
        }
        if (response.headWritten()) {
            response.reset();
            return;
        }
        // Unread body bytes are dropped so the connection can serve the caller's next request.
        ctx.request().resume();
        response.setStatusCode(error.status()).putHeader(HttpHeaders.CONTENT_TYPE, JSON).end(json(error.toEnvelope()));
    }

    private String json(Object value) {
        try {
            return objectMapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("response bodies are plain records", e);
        }
    }
}
