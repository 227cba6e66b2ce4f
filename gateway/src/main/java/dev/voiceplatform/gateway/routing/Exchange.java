package dev.voiceplatform.gateway.routing;

import dev.voiceplatform.gateway.keys.KeyCredential;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;

/** One public request on its way through the pipeline of {@link PublicApi}. */
final class Exchange {

    final RoutingContext ctx;
    final Context context;
    final long startedNanos = System.nanoTime();
    /** Until the header is resolved, answers take the form a request without it gets. */
    String version = ApiVersions.oldest();
    KeyCredential credential;
    Route route;
    String path;
    /** The answer is being handed over; whether its end is written decides what is recorded. */
    boolean answering;
    /** The request has been counted in the metrics (once, whichever way it ended). */
    boolean recorded;

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
