package dev.voiceplatform.gateway.routing;

import dev.voiceplatform.common.db.StoreFailureLog;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.idempotency.IdempotentCreates;
import dev.voiceplatform.gateway.idempotency.Claim;
import dev.voiceplatform.gateway.idempotency.IdempotencyKeys;
import dev.voiceplatform.gateway.idempotency.IdempotencyStore;
import dev.voiceplatform.gateway.metrics.GatewayMetrics;
import dev.voiceplatform.gateway.versions.ApiResponse;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Locale;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * The idempotency step of the public pipeline (part 5, rule 11), for POST, PUT and PATCH with an Idempotency-Key,
 * after the scope check: the body is read whole (it is part of what the key is bound to), the key claimed, and the
 * request run once.
 *
 * <p>A key, scoped to the API key, is bound to its request's fingerprint and is in one of these states:
 * <ul>
 * <li>free (no record): the next request claims it and is forwarded;</li>
 * <li>in flight: a request holds it; the same request gets 409 IDEMPOTENCY_KEY_IN_FLIGHT, another 422
 * IDEMPOTENCY_KEY_REUSED. A claim names the gateway replica holding it: a replica that restarts turns the claims it
 * left in flight into unknown before it takes requests, and a claim older than the in-flight timeout (its replica died
 * and has not come back) is treated as unknown;</li>
 * <li>completed: the service answered 2xx; the answer is kept and replayed with {@code Idempotency-Replayed: true} for
 * 24 hours, after which the key is free;</li>
 * <li>unknown: the request was sent but its answer never came (the service's connection broke, the route timed out, or
 * the answer broke off): the caller gets 503 SERVICE_UNAVAILABLE, and the key stays bound to the request, since the
 * service may have carried it out. A retry of the same request claims it again and is forwarded; the service, which
 * recorded the key with what it created ({@link IdempotentCreates}), answers that instead of acting twice, and that
 * 2xx answer is kept. Another request under the key gets 422 IDEMPOTENCY_KEY_REUSED until the 24 hours of the first
 * claim are over.</li>
 * </ul>
 * A non-2xx answer of the service, and a request refused before it reached the service (no connection could be made,
 * or the body was over the cap), free the key: nothing was carried out.
 *
 * <p>The service gets {@link IdempotencyKeys#forService}, not the caller's key, in {@link IdempotentCreates#HEADER}.
 */
@ApplicationScoped
class IdempotentRequests {

    private static final Logger LOG = Logger.getLogger(IdempotentRequests.class);
    private static final StoreFailureLog FAILURES = new StoreFailureLog(LOG);

    private final IdempotencyStore idempotency;
    private final GatewayMetrics metrics;

    IdempotentRequests(IdempotencyStore idempotency, GatewayMetrics metrics) {
        this.idempotency = idempotency;
        this.metrics = metrics;
    }

    /** Runs the request under its Idempotency-Key; {@code pipeline} forwards and answers, as for any request. */
    void run(Exchange exchange, String key, PublicApi pipeline) {
        HttpServerRequest request = exchange.request();
        long cap = exchange.route.bodyCap();
        String contentType = request.getHeader(HttpHeaders.CONTENT_TYPE);
        if (contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith("multipart/")) {
            cap = Math.min(cap, RouteTable.IDEMPOTENT_UPLOAD_CAP);
        }
        RequestBodies.checkDeclared(request, cap);
        RequestBodies.readWhole(request, cap).onComplete(read -> pipeline.guarded(exchange, () -> {
            if (read.failed()) {
                throw read.cause();
            }
            Buffer body = read.result();
            byte[] fingerprint = IdempotencyKeys.fingerprint(request.method(), request.path(), request.query(),
                    request.getHeader("If-Match"), body);
            UUID keyId = exchange.credential.key().id();
            Uni<Claim> claim = idempotency.claim(keyId, key, fingerprint).onFailure().transform(failure -> {
                FAILURES.failed("Idempotency store cannot take a claim", failure);
                return ApiException.of(ErrorCode.IDEMPOTENCY_UNAVAILABLE, "Idempotency is temporarily unavailable");
            });
            String serviceKey = IdempotencyKeys.forService(keyId, key, fingerprint);
            pipeline.await(exchange, claim, found -> claimed(exchange, key, serviceKey, body, found, pipeline));
        }));
    }

    private void claimed(Exchange exchange, String key, String serviceKey, Buffer body, Claim claim,
            PublicApi pipeline) {
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
            pipeline.write(exchange, completed.response());
            return;
        }
        Claim.Won won = (Claim.Won) claim;
        UUID keyId = exchange.credential.key().id();
        pipeline.forward(exchange, body, serviceKey, answer -> ServiceForwarder.readWhole(answer).onComplete(read -> {
            if (read.failed()) {
                LOG.warnf("Answer to %s %s broke off: %s", exchange.route.method(), exchange.route.pattern(),
                        read.cause().toString());
                keepAsUnknown(exchange, keyId, key, won, () -> pipeline.respond(exchange, outcomeUnknown(
                        ApiException.of(ErrorCode.SERVICE_UNAVAILABLE, "The service is temporarily unavailable"))));
                return;
            }
            ApiResponse response = read.result();
            if (response.status() < 200 || response.status() > 299) {
                release(exchange, keyId, key, won, () -> pipeline.write(exchange, response));
                return;
            }
            // Kept before it is sent, so a retry after this answer always finds it.
            idempotency.complete(keyId, key, won.token(), response).subscribe().with(
                    stored -> PublicApi.onRequestContext(exchange, () -> pipeline.write(exchange, response)),
                    failure -> PublicApi.onRequestContext(exchange, () -> {
                        FAILURES.failed("A 2xx answer could not be kept for its Idempotency-Key", failure);
                        pipeline.write(exchange, response);
                    }));
        }), failure -> {
            if (failure.outcomeUnknown()) {
                keepAsUnknown(exchange, keyId, key, won, () -> pipeline.respond(exchange, outcomeUnknown(failure.error())));
            } else {
                release(exchange, keyId, key, won, () -> pipeline.respond(exchange, failure.error()));
            }
        });
    }

    private static ApiException outcomeUnknown(ApiException error) {
        return error.withHint("Retry with the same Idempotency-Key: the request may have been carried out, and a retry"
                + " answers its result without carrying it out again.");
    }

    /**
     * Keeps the key, bound to its request, then answers: the service may have carried the request out, so only a retry
     * of the same request may take the key again.
     */
    private void keepAsUnknown(Exchange exchange, UUID keyId, String key, Claim.Won won, Runnable answer) {
        idempotency.markUnknown(keyId, key, won.token()).subscribe().with(
                kept -> PublicApi.onRequestContext(exchange, answer),
                failure -> PublicApi.onRequestContext(exchange, () -> {
                    // The claim then times out and is treated as unknown all the same.
                    LOG.errorf("An Idempotency-Key could not be marked unknown: %s", failure.toString());
                    answer.run();
                }));
    }

    /**
     * Frees the key, then answers: a client retrying the moment it has the answer must find the key free, not
     * still held (409 IDEMPOTENCY_KEY_IN_FLIGHT).
     */
    private void release(Exchange exchange, UUID keyId, String key, Claim.Won won, Runnable answer) {
        idempotency.release(keyId, key, won.token()).subscribe().with(
                released -> PublicApi.onRequestContext(exchange, answer),
                failure -> PublicApi.onRequestContext(exchange, () -> {
                    // The claim then times out; retries meanwhile get 409 IDEMPOTENCY_KEY_IN_FLIGHT.
                    FAILURES.failed("An Idempotency-Key could not be released", failure);
                    answer.run();
                }));
    }
}
