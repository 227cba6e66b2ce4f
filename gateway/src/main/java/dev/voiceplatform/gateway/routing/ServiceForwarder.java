package dev.voiceplatform.gateway.routing;

import dev.voiceplatform.common.correlation.CorrelationIds;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.gateway.GatewayConfig;
import dev.voiceplatform.gateway.keys.KeyCredential;
import dev.voiceplatform.gateway.versions.ApiResponse;
import io.quarkus.runtime.Startup;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

/**
 * Forwards a public request to its owning service and streams the answer back: the body is piped as it arrives
 * (unless the gateway had to read it, for an Idempotency-Key or a version change), the caller's key stays here, and
 * the service gets an internal token instead.
 */
@Startup
@ApplicationScoped
public class ServiceForwarder {

    private static final Logger LOG = Logger.getLogger(ServiceForwarder.class);

    /**
     * Request headers the services may see; everything else, the caller's credentials included, stays here. The
     * caller's Idempotency-Key stays too: a service gets the key the gateway derives from it
     * ({@link dev.voiceplatform.common.idempotency.IdempotentCreates#HEADER}), set by {@link IdempotentRequests}.
     */
    private static final List<String> PASSED_TO_SERVICE =
            List.of("Content-Type", "Accept", "If-Match", "Accept-Language");

    /** Hop-by-hop headers (RFC 9110 7.6.1) and those the gateway itself sets on every public response. */
    private static final Set<String> NOT_RETURNED = Set.of("connection", "keep-alive", "proxy-authenticate",
            "proxy-authorization", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade",
            ApiVersions.HEADER.toLowerCase(Locale.ROOT), CorrelationIds.HEADER.toLowerCase(Locale.ROOT));

    private final HttpClient client;
    private final Map<OwningService, Upstream> upstreams;
    private final InternalTokens tokens;
    private final InternalTokenIssuer issuer;
    private final long connectTimeoutMillis;
    private final GatewayConfig.Forwarding forwarding;

    public ServiceForwarder(Vertx vertx, Config config, GatewayConfig.Forwarding forwarding,
            RouteTable routes, InternalTokenIssuer issuer, InternalTokens tokens) {
        this.tokens = tokens;
        this.issuer = issuer;
        this.connectTimeoutMillis = forwarding.connectTimeout().toMillis();
        this.forwarding = forwarding;
        this.upstreams = Upstream.forServices(routes.forwardedServices(), config);
        // Every forwarded request needs a signed token: a missing signing key stops the start, not each request.
        issuer.requireSigningKey();
        this.client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true)
                .setConnectTimeout((int) connectTimeoutMillis),
                new PoolOptions().setHttp1MaxSize(forwarding.maxConnectionsPerService()));
    }

    @PreDestroy
    void close() {
        client.close();
    }

    /** The caller's headers the service may see, before any version change rewrites them. */
    static MultiMap forwardedHeaders(HttpServerRequest in) {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        for (String name : PASSED_TO_SERVICE) {
            for (String value : in.headers().getAll(name)) {
                headers.add(name, value);
            }
        }
        return headers;
    }

    /**
     * Forwards the request to the route's service under {@code path} with {@code headers}, on behalf of
     * {@code credential}'s key (null for a keyless route). The body is
     * {@code wholeBody} when the gateway already read it, otherwise the (paused) request body streamed under the
     * route's cap. {@code onAnswer} gets the service's answer head; {@code onFailure} gets the error to send when the
     * service could not be reached (nothing was sent), gave no answer to a request it may have received (its
     * connection broke, or the route timed out: the outcome is unknown), or the body turned out too large.
     */
    void forward(RoutingContext ctx, Route route, String path, KeyCredential credential, MultiMap headers,
            Buffer wholeBody, Handler<HttpClientResponse> onAnswer, Consumer<ForwardFailure> onFailure) {
        HttpServerRequest in = ctx.request();
        Upstream upstream = upstreams.get(route.service());
        RequestOptions options = new RequestOptions()
                .setMethod(in.method())
                .setHost(upstream.host())
                .setPort(upstream.port())
                .setSsl(upstream.ssl())
                .setURI(upstream.basePath() + path + (in.query() == null ? "" : "?" + in.query()))
                .setConnectTimeout(connectTimeoutMillis)
                // Vert.x counts this from the moment the request is sent and starts it again with every byte that
                // comes back: a service that takes the connection and then says nothing is given up on.
                .setIdleTimeout(route.routeClass().timeout(forwarding).toMillis());
        headers.forEach(header -> options.addHeader(header.getKey(), header.getValue()));
        // A keyless route has no key to speak for: the service gets the gateway's own token, with no organization.
        options.putHeader(HttpHeaders.AUTHORIZATION, "Bearer " + (credential == null
                ? issuer.forService(OwningService.GATEWAY.name(), route.service().name(), null)
                : tokens.forRequest(credential.tenant(), route.service())));
        options.putHeader(CorrelationIds.HEADER, in.getHeader(CorrelationIds.HEADER));
        String contentLength = wholeBody != null ? Integer.toString(wholeBody.length())
                : in.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (contentLength != null) {
            options.putHeader(HttpHeaders.CONTENT_LENGTH, contentLength);
        }
        boolean chunked = wholeBody == null && contentLength == null && (in.headers().contains(HttpHeaders.TRANSFER_ENCODING)
                || in.version() == HttpVersion.HTTP_2 && !in.isEnded());

        client.request(options).onComplete(opened -> {
            if (opened.failed()) {
                // No connection: nothing of the request left the gateway.
                unavailable(route, opened.cause(), false, onFailure);
                return;
            }
            HttpClientRequest out = opened.result();
            out.response().onComplete(answered -> {
                if (answered.failed()) {
                    unavailable(route, answered.cause(), true, onFailure);
                } else {
                    onAnswer.handle(answered.result());
                }
            });
            if (wholeBody != null) {
                out.end(wholeBody);
            } else if (contentLength != null || chunked) {
                out.setChunked(chunked);
                // The caller held its body back until told to send it; the service never sees the expectation.
                if ("100-continue".equalsIgnoreCase(in.getHeader(HttpHeaders.EXPECT))) {
                    ctx.response().writeContinue();
                }
                // A caller that breaks off mid-upload, or sends more than the route takes, must not leave the
                // service with a body that looks complete.
                RequestBodies.capped(in, route.bodyCap()).pipe().endOnFailure(false).to(out).onFailure(failure -> {
                    if (failure instanceof ApiException tooLarge) {
                        // The service gets a reset instead of the body's end, so it never acts on the request.
                        onFailure.accept(new ForwardFailure(tooLarge, false));
                    }
                    out.reset(0, failure);
                });
            } else {
                in.resume();
                out.end();
            }
        });
    }

    /** The service's whole answer, with its end-to-end headers. */
    static Future<ApiResponse> readWhole(HttpClientResponse answer) {
        return answer.body().map(body -> new ApiResponse(answer.statusCode(), endToEndHeaders(answer), body));
    }

    /**
     * Streams the service's answer to the caller as it arrives. The future tells whether the caller got the whole
     * answer: it fails only on a real break, the connection gone (or the service failing) before every byte was
     * written.
     */
    static Future<Void> relay(RoutingContext ctx, Route route, HttpClientResponse answer) {
        HttpServerResponse out = ctx.response();
        if (out.closed()) {
            answer.request().reset();
            return Future.failedFuture("the caller left before the answer");
        }
        out.setStatusCode(answer.statusCode());
        out.headers().addAll(endToEndHeaders(answer));
        if (!answer.headers().contains(HttpHeaders.CONTENT_LENGTH) && ctx.request().version() == HttpVersion.HTTP_1_1
                && answer.statusCode() != 204 && answer.statusCode() != 304) {
            out.setChunked(true);
        }
        // A caller that leaves is noticed by the pipe only at its next write, which a stalled service may never
        // make: the service's exchange is abandoned at once instead, which ends the pipe.
        ctx.addEndHandler(ended -> {
            if (ended.failed()) {
                answer.request().reset();
            }
        });
        // The pipe completes with the response's end: written whole, or not.
        return answer.pipe().endOnFailure(false).to(out).recover(failure -> {
            if (wholeBodyWritten(out)) {
                // Every byte the caller was promised is out; a caller that closes at once, before the end of the
                // service's answer reached the gateway, lost nothing.
                return Future.succeededFuture();
            }
            // Headers are gone by now; a service failing mid-body can only be reported by cutting the connection.
            LOG.warnf("Answer to %s %s broke off: %s", route.method(), route.pattern(), failure.toString());
            out.reset();
            return Future.failedFuture(failure);
        });
    }

    /** The head is out and as many body bytes as its Content-Length announced. */
    static boolean wholeBodyWritten(HttpServerResponse out) {
        String declared = out.headers().get(HttpHeaders.CONTENT_LENGTH);
        if (!out.headWritten() || declared == null) {
            return false;
        }
        try {
            return out.bytesWritten() >= Long.parseLong(declared.strip());
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The answer's headers less hop-by-hop ones (and those named by its Connection) and those the gateway sets. */
    private static MultiMap endToEndHeaders(HttpClientResponse answer) {
        Set<String> excluded = new HashSet<>(NOT_RETURNED);
        for (String listed : answer.headers().getAll(HttpHeaders.CONNECTION)) {
            for (String token : listed.split(",")) {
                excluded.add(token.strip().toLowerCase(Locale.ROOT));
            }
        }
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        answer.headers().forEach(header -> {
            String name = header.getKey().toLowerCase(Locale.ROOT);
            if (excluded.contains(name)) {
                return;
            }
            headers.add(header.getKey(), name.equals("location") ? publicLocation(header.getValue()) : header.getValue());
        });
        return headers;
    }

    /**
     * A service names a created resource by its own absolute address; the caller gets the public path under
     * {@code /v1} instead (a relative reference), so no internal address leaves the gateway. A relative
     * reference names no address and passes as it is.
     */
    static String publicLocation(String serviceLocation) {
        try {
            URI location = URI.create(serviceLocation);
            if (!location.isAbsolute()) {
                return serviceLocation;
            }
            String path = location.getRawPath() == null || location.getRawPath().isEmpty() ? "/" : location.getRawPath();
            return PublicApi.PREFIX + path + (location.getRawQuery() == null ? "" : "?" + location.getRawQuery());
        } catch (IllegalArgumentException e) {
            return PublicApi.PREFIX + "/";
        }
    }

    private static void unavailable(Route route, Throwable cause, boolean outcomeUnknown,
            Consumer<ForwardFailure> onFailure) {
        LOG.warnf("Forwarding %s %s to %s failed%s: %s", route.method(), route.pattern(), route.service(),
                outcomeUnknown ? " after the request was sent" : "", cause.toString());
        onFailure.accept(new ForwardFailure(
                ApiException.of(ErrorCode.SERVICE_UNAVAILABLE, "The service is temporarily unavailable"), outcomeUnknown));
    }
}
