package dev.voiceplatform.gateway.routing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.correlation.CorrelationIds;
import dev.voiceplatform.common.db.StoreFailureLog;
import dev.voiceplatform.common.db.StoreFailures;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.idempotency.IdempotentCreates;
import dev.voiceplatform.gateway.GatewayConfig;
import dev.voiceplatform.gateway.idempotency.IdempotencyKeys;
import dev.voiceplatform.gateway.keys.KeyCredential;
import dev.voiceplatform.gateway.keys.Scope;
import dev.voiceplatform.gateway.limits.RateLimitDecision;
import dev.voiceplatform.gateway.limits.RateLimiter;
import dev.voiceplatform.gateway.metrics.GatewayMetrics;
import dev.voiceplatform.gateway.versions.ApiRequest;
import dev.voiceplatform.gateway.versions.ApiResponse;
import dev.voiceplatform.gateway.versions.VersionChanges;
import io.smallrye.mutiny.Uni;
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
    private static final StoreFailureLog STORE_FAILURES = new StoreFailureLog(LOG);

    private final ApiKeyAuthenticator authenticator;
    private final RouteTable routes;
    private final ServiceForwarder forwarder;
    private final ObjectMapper objectMapper;
    private final RateLimiter rateLimiter;
    private final IdempotentRequests idempotentRequests;
    private final VersionChanges versions;
    private final GatewayMetrics metrics;
    private final Duration storeTimeout;
    private final GatewayConfig.RequestHead headLimits;
    private final DailyCalls dailyCalls;

    public PublicApi(ApiKeyAuthenticator authenticator, RouteTable routes, ServiceForwarder forwarder,
            ObjectMapper objectMapper, RateLimiter rateLimiter, IdempotentRequests idempotentRequests,
            VersionChanges versions, GatewayMetrics metrics, GatewayConfig.Stores stores,
            GatewayConfig.RequestHead headLimits, DailyCalls dailyCalls) {
        this.authenticator = authenticator;
        this.routes = routes;
        this.forwarder = forwarder;
        this.objectMapper = objectMapper;
        this.rateLimiter = rateLimiter;
        this.idempotentRequests = idempotentRequests;
        this.versions = versions;
        this.metrics = metrics;
        this.storeTimeout = stores.requestTimeout();
        this.headLimits = headLimits;
        this.dailyCalls = dailyCalls;
    }

    void init(@Observes Router router) {
        router.route().order(ORDER).handler(this::handle);
    }

    private void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        // Decided on the raw path, the one that is matched and forwarded, not on the router's normalised form.
        String rawPath = request.path();
        if (!rawPath.equals(PREFIX) && !rawPath.startsWith(PREFIX + "/")) {
            // The decoder's limits are raised for the whole server, so the other routes keep the same limits here.
            Optional<ApiException> oversized = RequestHeads.refusal(request, headLimits);
            if (oversized.isPresent()) {
                ctx.response().setStatusCode(oversized.get().status()).putHeader(HttpHeaders.CONTENT_TYPE, JSON)
                        .end(json(oversized.get().toEnvelope()));
            } else {
                ctx.next();
            }
            return;
        }
        // The body waits here until the request is let through, then flows straight to the service.
        request.pause();
        Exchange exchange = new Exchange(ctx);
        // The connection went before any answer was handed over; an answer under way is recorded when it ends.
        ctx.addEndHandler(ended -> {
            if (!exchange.answering) {
                record(exchange, ended.succeeded());
            }
        });
        try {
            exchange.version = ApiVersions.resolve(request.getHeader(ApiVersions.HEADER));
        } catch (ApiException e) {
            // Nothing was resolved; the answer names (and takes the form of) the version a request without the header gets.
            ctx.response().putHeader(ApiVersions.HEADER, exchange.version);
            respond(exchange, e);
            return;
        }
        ctx.response().putHeader(ApiVersions.HEADER, exchange.version);
        Optional<ApiException> oversized = RequestHeads.refusal(request, headLimits);
        if (oversized.isPresent()) {
            respond(exchange, oversized.get());
            return;
        }
        Optional<Route> keyless = routes.matchKeyless(request.method(), rawPath.substring(PREFIX.length()));
        if (keyless.isPresent()) {
            guarded(exchange, () -> keyless(exchange, keyless.get()));
            return;
        }
        await(exchange, authenticator.authenticate(request.getHeader(HttpHeaders.AUTHORIZATION),
                request.getHeader(ApiKeyAuthenticator.API_KEY_HEADER)), credential -> authenticated(exchange, credential));
    }

    /**
     * A keyless route: no key is read, so nothing is counted against one and no Idempotency-Key applies; the service
     * decides from the request itself (a signed link).
     */
    private void keyless(Exchange exchange, Route route) {
        exchange.path = exchange.request().path().substring(PREFIX.length());
        exchange.route = route;
        RequestBodies.checkDeclared(exchange.request(), route.bodyCap());
        forward(exchange, null, null, answer -> answered(exchange, answer), failure -> respond(exchange, failure.error()));
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
            idempotentRequests.run(exchange, IdempotencyKeys.validate(idempotencyKey), this);
        } else if (versions.rewritesRequest(exchange.version, route)) {
            RequestBodies.readWhole(request, route.bodyCap()).onComplete(read -> guarded(exchange, () -> {
                if (read.failed()) {
                    throw read.cause();
                }
                forward(exchange, read.result(), null, answer -> answered(exchange, answer),
                        failure -> respond(exchange, failure.error()));
            }));
        } else {
            forward(exchange, null, null, answer -> answered(exchange, answer), failure -> respond(exchange, failure.error()));
        }
    }

    private void serveLocally(Exchange exchange) {
        if (!RouteTable.ME.equals(exchange.route.pattern())) {
            throw new IllegalStateException("no local handler for " + exchange.route.pattern());
        }
        await(exchange, dailyCalls.used(exchange.credential), used -> {
            MultiMap headers = MultiMap.caseInsensitiveMultiMap().add(HttpHeaders.CONTENT_TYPE, JSON);
            write(exchange, new ApiResponse(200, headers, Buffer.buffer(json(MeView.of(exchange.credential, used)))));
        });
    }

    /**
     * Forwards the request; {@code serviceIdempotencyKey}, when not null, is the key the service records its create
     * under (see {@link IdempotentRequests}).
     */
    void forward(Exchange exchange, Buffer wholeBody, String serviceIdempotencyKey, Handler<HttpClientResponse> onAnswer,
            Consumer<ForwardFailure> onFailure) {
        MultiMap headers = ServiceForwarder.forwardedHeaders(exchange.request());
        if (serviceIdempotencyKey != null) {
            headers.set(IdempotentCreates.HEADER, serviceIdempotencyKey);
        }
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
            exchange.answering = true;
            ServiceForwarder.relay(exchange.ctx, exchange.route, answer)
                    .onComplete(relayed -> record(exchange, relayed.succeeded()));
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
     * Runs {@code then} with the item on the request's own context; a failure answers the error. An item that is
     * already there (a remembered key, a leased request) goes on at once; one that arrives on another thread (a
     * database answer) is handed back to the request's context first. Every item awaited here comes from a
     * database, so none is waited for longer than {@code platform.stores.request-timeout}.
     */
    <T> void await(Exchange exchange, Uni<T> uni, Consumer<T> then) {
        uni.ifNoItem().after(storeTimeout).fail().subscribe().with(
                item -> onRequestContext(exchange, () -> guarded(exchange, () -> then.accept(item))),
                failure -> onRequestContext(exchange, () -> fail(exchange, failure)));
    }

    static void onRequestContext(Exchange exchange, Runnable step) {
        if (Vertx.currentContext() == exchange.context) {
            step.run();
        } else {
            exchange.context.runOnContext(ignored -> step.run());
        }
    }

    @FunctionalInterface
    interface Step {
        void run() throws Throwable;
    }

    void guarded(Exchange exchange, Step step) {
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
        if (StoreFailures.unreachable(failure)) {
            STORE_FAILURES.failed("A database could not be used for a public request", failure);
            respond(exchange, ApiException.of(ErrorCode.SERVICE_UNAVAILABLE, "The service is temporarily unavailable"));
            return;
        }
        LOG.errorf(failure, "Public request failed (correlation id %s)",
                exchange.request().getHeader(CorrelationIds.HEADER));
        respond(exchange, ApiException.of(ErrorCode.INTERNAL_ERROR, "Internal error"));
    }

    /** An error the gateway makes, in the form of the pinned version. */
    void respond(Exchange exchange, ApiException error) {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap().add(HttpHeaders.CONTENT_TYPE, JSON);
        write(exchange, new ApiResponse(error.status(), headers, Buffer.buffer(json(error.toEnvelope()))));
    }

    /** Writes a whole answer, downgraded to the pinned version. */
    void write(Exchange exchange, ApiResponse newest) {
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
        exchange.answering = true;
        response.end(answer.body()).onComplete(ended -> record(exchange,
                ended.succeeded() || ServiceForwarder.wholeBodyWritten(response)));
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

    /**
     * Counts the request once: by its status when the caller got the whole answer, as {@code closed} when the
     * connection went before that.
     */
    private void record(Exchange exchange, boolean wholeAnswer) {
        if (exchange.recorded) {
            return;
        }
        exchange.recorded = true;
        metrics.request(exchange.route == null ? GatewayMetrics.NO_ROUTE : exchange.route.pattern(),
                exchange.request().method().name(),
                wholeAnswer ? Integer.toString(exchange.response().getStatusCode()) : GatewayMetrics.CLOSED,
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
