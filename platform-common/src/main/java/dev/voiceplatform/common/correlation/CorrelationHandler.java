package dev.voiceplatform.common.correlation;

import io.smallrye.common.vertx.ContextLocals;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.MDC;

/**
 * Runs before every other route: binds the request's correlation id (kept from the caller when acceptable),
 * echoes it on the response and puts it in the logging context.
 */
@ApplicationScoped
public class CorrelationHandler {

    static final int ORDER = -10_000;

    void register(@Observes Router router) {
        router.route().order(ORDER).handler(ctx -> {
            String id = CorrelationIds.acceptOrGenerate(ctx.request().getHeader(CorrelationIds.HEADER));
            ContextLocals.put(CorrelationIds.LOCAL_KEY, id);
            MDC.put("correlation_id", id);
            ctx.request().headers().set(CorrelationIds.HEADER, id);
            ctx.response().putHeader(CorrelationIds.HEADER, id);
            ctx.next();
        });
    }
}
