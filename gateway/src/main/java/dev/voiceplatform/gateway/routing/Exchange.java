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
