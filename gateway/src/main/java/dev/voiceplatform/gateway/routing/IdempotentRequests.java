package dev.voiceplatform.gateway.routing;

import dev.voiceplatform.common.db.StoreFailureLog;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
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
 * request run once; its 2xx answer is kept and replayed, anything else frees the key.
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
            pipeline.await(exchange, claim, found -> claimed(exchange, key, body, found, pipeline));
        }));
    }

    private void claimed(Exchange exchange, String key, Buffer body, Claim claim, PublicApi pipeline) {
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
        pipeline.forward(exchange, body, answer -> ServiceForwarder.readWhole(answer).onComplete(read -> {
            if (read.failed()) {
                release(exchange, keyId, key, won, () -> pipeline.respond(exchange,
                        ApiException.of(ErrorCode.SERVICE_UNAVAILABLE, "The service is temporarily unavailable")));
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
        }), error -> release(exchange, keyId, key, won, () -> pipeline.respond(exchange, error)));
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
