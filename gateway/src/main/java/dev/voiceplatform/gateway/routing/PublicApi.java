package dev.voiceplatform.gateway.routing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.correlation.CorrelationIds;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.gateway.idempotency.Claim;
import dev.voiceplatform.gateway.idempotency.IdempotencyKeys;
import dev.voiceplatform.gateway.idempotency.IdempotencyStore;
import dev.voiceplatform.gateway.keys.KeyCredential;
import dev.voiceplatform.gateway.keys.Scope;
import dev.voiceplatform.gateway.limits.RateLimitDecision;
import dev.voiceplatform.gateway.limits.RateLimiter;
import dev.voiceplatform.gateway.metrics.GatewayMetrics;
import dev.voiceplatform.gateway.versions.ApiRequest;
import dev.voiceplatform.gateway.versions.ApiResponse;
import dev.voiceplatform.gateway.versions.VersionChanges;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * The public API under {@code /v1}, one pipeline for every request, present and future routes alike: version, key,
 * rate limit, route and scopes, body cap, idempotency, then the owning service (or the gateway itself for
 * {@code /me}), and the answer in the form of the pinned version. Every answer carries {@code Service-Version}; every
 * answer to an authenticated request carries the rate-limit fields.
 */
@ApplicationScoped
public class PublicApi {

    static final String PREFIX = "/v1";
    /** After the correlation handler of platform-common, before the REST layer. */
    private static final int ORDER = -1_000;
    private static final String JSON = "application/json";
    /**
     * Unread body bytes after an early answer are read and dropped up to this many, so the connection can carry the
     * caller's next request and the caller reads the answer instead of a reset; past it the connection is closed.
     */
    private static final long DRAIN_LIMIT = 16L * 1024 * 1024;
    private static final Logger LOG = Logger.getLogger(PublicApi.class);

    private final ApiKeyAuthenticator authenticator;
    private final RouteTable routes;
    private final ServiceForwarder forwarder;
    private final ObjectMapper objectMapper;
    private final RateLimiter rateLimiter;
    private final IdempotencyStore idempotency;
    private final VersionChanges versions;
    private final GatewayMetrics metrics;

    public PublicApi(ApiKeyAuthenticator authenticator, RouteTable routes, ServiceForwarder forwarder,
            ObjectMapper objectMapper, RateLimiter rateLimiter, IdempotencyStore idempotency, VersionChanges versions,
            GatewayMetrics metrics) {
        this.authenticator = authenticator;
        this.routes = routes;
        this.forwarder = forwarder;
        this.objectMapper = objectMapper;
        this.rateLimiter = rateLimiter;
        this.idempotency = idempotency;
        this.versions = versions;
        this.metrics = metrics;
    }

    /** One public request on its way through the pipeline. */
    private static final class Exchange {

        final RoutingContext ctx;
        final Context context;
        final long startedNanos = System.nanoTime();
        /** Until the header is resolved, answers take the form a request without it gets. */
        String version = ApiVersions.oldest();
        KeyCredential credential;
        Route route;
        String path;

        Exchange(RoutingContext ctx) {
            this.ctx = ctx;
            this.context = Vertx.currentContext();
        }

        HttpServerRequest request() {
            return ctx.request();
        }

        HttpServerResponse response() {
            return ctx.response();
        }
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
        // The body waits here until the request is let through, then flows straight to the service.
        request.pause();
        Exchange exchange = new Exchange(ctx);
        ctx.addEndHandler(ignored -> record(exchange));
        try {
            exchange.version = ApiVersions.resolve(request.getHeader(ApiVersions.HEADER));
        } catch (ApiException e) {
            // Nothing was resolved; the answer names (and takes the form of) the version a request without the header gets.
            ctx.response().putHeader(ApiVersions.HEADER, exchange.version);
            respond(exchange, e);
            return;
        }
        ctx.response().putHeader(ApiVersions.HEADER, exchange.version);
        await(exchange, authenticator.authenticate(request.getHeader(HttpHeaders.AUTHORIZATION),
                request.getHeader(ApiKeyAuthenticator.API_KEY_HEADER)), credential -> authenticated(exchange, credential));
    }

    private void authenticated(Exchange exchange, KeyCredential credential) {
        exchange.credential = credential;
        // Every authenticated request counts, refused ones included, so probing routes or scopes is not free.
        await(exchange, rateLimiter.consume(credential), decision -> limited(exchange, decision));
    }

    private void limited(Exchange exchange, RateLimitDecision decision) {
        MultiMap headers = exchange.response().headers();
        decision.describe(headers);
        if (!decision.allowed()) {
            throw decision.refusal(headers);
        }
        HttpServerRequest request = exchange.request();
        exchange.path = request.path().substring(PREFIX.length());
        Route route = routes.match(request.method(), exchange.path)
                .orElseThrow(() -> ApiException.of(ErrorCode.NOT_FOUND, "No such route")
                        .withHint("Check the method and the path against the API reference."));
        exchange.route = route;
        KeyCredential credential = exchange.credential;
        Optional<Scope> missing = route.firstMissingScope(credential.key().scopes());
        if (missing.isPresent()) {
            throw ApiException.of(ErrorCode.INSUFFICIENT_SCOPE, "The key lacks the scope " + missing.get().wireName())
                    .withDetail("required_scope", missing.get().wireName())
                    .withDetail("your_scopes", credential.key().scopes());
        }
        RequestBodies.checkDeclared(request, route.bodyCap());
        if (route.service().local()) {
            serveLocally(exchange);
            return;
        }
        String idempotencyKey = request.getHeader(IdempotencyKeys.HEADER);
        if (idempotencyKey != null && IdempotencyKeys.honoured(request.method())) {
            idempotent(exchange, IdempotencyKeys.validate(idempotencyKey));
        } else if (versions.rewritesRequest(exchange.version, route)) {
            RequestBodies.readWhole(request, route.bodyCap()).onComplete(read -> guarded(exchange, () -> {
                if (read.failed()) {
                    throw read.cause();
                }
                forward(exchange, read.result(), answer -> answered(exchange, answer), error -> respond(exchange, error));
            }));
        } else {
            forward(exchange, null, answer -> answered(exchange, answer), error -> respond(exchange, error));
        }
    }

    private void serveLocally(Exchange exchange) {
        if (!RouteTable.ME.equals(exchange.route.pattern())) {
            throw new IllegalStateException("no local handler for " + exchange.route.pattern());
        }
        MultiMap headers = MultiMap.caseInsensitiveMultiMap().add(HttpHeaders.CONTENT_TYPE, JSON);
        write(exchange, new ApiResponse(200, headers, Buffer.buffer(json(MeView.of(exchange.credential)))));
    }

    private void forward(Exchange exchange, Buffer wholeBody, Handler<HttpClientResponse> onAnswer,
            Consumer<ApiException> onFailure) {
        MultiMap headers = ServiceForwarder.forwardedHeaders(exchange.request());
        Buffer body = wholeBody;
        if (wholeBody != null && versions.rewritesRequest(exchange.version, exchange.route)) {
            ApiRequest upgraded = versions.upgrade(exchange.version, exchange.route, new ApiRequest(headers, wholeBody));
            headers = upgraded.headers();
            body = upgraded.body();
        }
        forwarder.forward(exchange.ctx, exchange.route, exchange.path, exchange.credential, headers, body, onAnswer,
                onFailure);
    }

    /** A service's answer: streamed through, unless the pinned version needs it rewritten. */
    private void answered(Exchange exchange, HttpClientResponse answer) {
        if (!versions.rewritesResponse(exchange.version, answer.statusCode(), answer.getHeader(HttpHeaders.CONTENT_TYPE))) {
            ServiceForwarder.relay(exchange.ctx, exchange.route, answer);
            return;
        }
        ServiceForwarder.readWhole(answer).onComplete(read -> {
            if (read.failed()) {
                LOG.warnf("Answer to %s %s broke off: %s", exchange.route.method(), exchange.route.pattern(),
                        read.cause().toString());
                respond(exchange, ApiException.of(ErrorCode.SERVICE_UNAVAILABLE, "The service is temporarily unavailable"));
            } else {
                write(exchange, read.result());
            }
        });
    }

    /**
     * Part 5, rule 11: the body is read whole (it is part of what the key is bound to), the key claimed, and the
     * request run once; its 2xx answer is kept and replayed, anything else frees the key.
     */
    private void idempotent(Exchange exchange, String key) {
        HttpServerRequest request = exchange.request();
        long cap = exchange.route.bodyCap();
        String contentType = request.getHeader(HttpHeaders.CONTENT_TYPE);
        if (contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith("multipart/")) {
            cap = Math.min(cap, RouteTable.IDEMPOTENT_UPLOAD_CAP);
        }
        RequestBodies.checkDeclared(request, cap);
        RequestBodies.readWhole(request, cap).onComplete(read -> guarded(exchange, () -> {
            if (read.failed()) {
                throw read.cause();
            }
            Buffer body = read.result();
            byte[] fingerprint = IdempotencyKeys.fingerprint(request.method(), request.path(), request.query(),
                    request.getHeader("If-Match"), body);
            UUID keyId = exchange.credential.key().id();
            Uni<Claim> claim = idempotency.claim(keyId, key, fingerprint).onFailure().transform(failure -> {
                LOG.errorf("Idempotency store cannot take a claim: %s", failure.toString());
                return ApiException.of(ErrorCode.IDEMPOTENCY_UNAVAILABLE, "Idempotency is temporarily unavailable");
            });
            await(exchange, claim, found -> claimed(exchange, key, body, found));
        }));
    }

    private void claimed(Exchange exchange, String key, Buffer body, Claim claim) {
        if (claim instanceof Claim.Reused) {
            throw ApiException.of(ErrorCode.IDEMPOTENCY_KEY_REUSED, "This Idempotency-Key was used for a different request");
        }
        if (claim instanceof Claim.InFlight) {
            throw ApiException.of(ErrorCode.IDEMPOTENCY_KEY_IN_FLIGHT,
                    "A request with this Idempotency-Key is still being processed");
        }
        if (claim instanceof Claim.Completed completed) {
            metrics.idempotencyReplay(exchange.route.pattern());
            exchange.response().putHeader(IdempotencyKeys.REPLAYED_HEADER, "true");
            write(exchange, completed.response());
            return;
        }
        Claim.Won won = (Claim.Won) claim;
        UUID keyId = exchange.credential.key().id();
        forward(exchange, body, answer -> ServiceForwarder.readWhole(answer).onComplete(read -> {
            if (read.failed()) {
                release(keyId, key, won);
                respond(exchange, ApiException.of(ErrorCode.SERVICE_UNAVAILABLE, "The service is temporarily unavailable"));
                return;
            }
            ApiResponse response = read.result();
            if (response.status() < 200 || response.status() > 299) {
                release(keyId, key, won);
                write(exchange, response);
                return;
            }
            // Kept before it is sent, so a retry after this answer always finds it.
            idempotency.complete(keyId, key, won.token(), response).subscribe().with(
                    stored -> onRequestContext(exchange, () -> write(exchange, response)),
                    failure -> onRequestContext(exchange, () -> {
                        LOG.errorf("A 2xx answer could not be kept for its Idempotency-Key: %s", failure.toString());
                        write(exchange, response);
                    }));
        }), error -> {
            release(keyId, key, won);
            respond(exchange, error);
        });
    }

    private void release(UUID keyId, String key, Claim.Won won) {
        idempotency.release(keyId, key, won.token()).subscribe().with(released -> { }, failure ->
                // The claim then times out; retries meanwhile get 409 IDEMPOTENCY_KEY_IN_FLIGHT.
                LOG.errorf("An Idempotency-Key could not be released: %s", failure.toString()));
    }

    /**
     * Runs {@code then} with the item on the request's own context; a failure answers the error. An item that is
     * already there (a remembered key, a leased request) goes on at once; one that arrives on another thread (a
     * database answer) is handed back to the request's context first.
     */
    private <T> void await(Exchange exchange, Uni<T> uni, Consumer<T> then) {
        uni.subscribe().with(
                item -> onRequestContext(exchange, () -> guarded(exchange, () -> then.accept(item))),
                failure -> onRequestContext(exchange, () -> fail(exchange, failure)));
    }

    private static void onRequestContext(Exchange exchange, Runnable step) {
        if (Vertx.currentContext() == exchange.context) {
            step.run();
        } else {
            exchange.context.runOnContext(ignored -> step.run());
        }
    }

    @FunctionalInterface
    private interface Step {
        void run() throws Throwable;
    }

    private void guarded(Exchange exchange, Step step) {
        try {
            step.run();
        } catch (Throwable e) {
            fail(exchange, e);
        }
    }

    private void fail(Exchange exchange, Throwable failure) {
        if (failure instanceof ApiException api) {
            respond(exchange, api);
            return;
        }
        LOG.errorf(failure, "Public request failed (correlation id %s)",
                exchange.request().getHeader(CorrelationIds.HEADER));
        respond(exchange, ApiException.of(ErrorCode.INTERNAL_ERROR, "Internal error"));
    }

    /** An error the gateway makes, in the form of the pinned version. */
    private void respond(Exchange exchange, ApiException error) {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap().add(HttpHeaders.CONTENT_TYPE, JSON);
        write(exchange, new ApiResponse(error.status(), headers, Buffer.buffer(json(error.toEnvelope()))));
    }

    /** Writes a whole answer, downgraded to the pinned version. */
    private void write(Exchange exchange, ApiResponse newest) {
        HttpServerResponse response = exchange.response();
        if (response.closed() || response.ended()) {
            return;
        }
        if (response.headWritten()) {
            response.reset();
            return;
        }
        ApiResponse answer = versions.downgrade(exchange.version, newest);
        dropUnreadBody(exchange.request());
        response.setStatusCode(answer.status());
        answer.headers().forEach(header -> {
            String name = header.getKey().toLowerCase(Locale.ROOT);
            if (!name.equals("content-length") && !name.equals("transfer-encoding")) {
                response.headers().add(header.getKey(), header.getValue());
            }
        });
        response.end(answer.body());
    }

    private static void dropUnreadBody(HttpServerRequest request) {
        if (request.isEnded()) {
            return;
        }
        long[] dropped = {0};
        request.handler(chunk -> {
            dropped[0] += chunk.length();
            if (dropped[0] > DRAIN_LIMIT) {
                request.connection().close();
            }
        });
        request.resume();
    }

    private void record(Exchange exchange) {
        HttpServerResponse response = exchange.response();
        metrics.request(exchange.route == null ? GatewayMetrics.NO_ROUTE : exchange.route.pattern(),
                exchange.request().method().name(),
                response.ended() ? Integer.toString(response.getStatusCode()) : "closed",
                Duration.ofNanos(System.nanoTime() - exchange.startedNanos));
    }

    private String json(Object value) {
        try {
            return objectMapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("response bodies are plain records", e);
        }
    }
}
