package dev.voiceplatform.gateway.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The gateway's own meters for {@code /v1}. The whole public API is one Vert.x route, so the HTTP server metrics
 * would see raw paths; these are tagged by the route table's template instead ({@code /agents/{id}}).
 */
@ApplicationScoped
public class GatewayMetrics {

    /** The route tag of a request that matched no route (or was refused before one was chosen). */
    public static final String NO_ROUTE = "none";
    /** The status tag of a request whose connection went before the whole answer was written. */
    public static final String CLOSED = "closed";

    private final MeterRegistry registry;
    /** Registered timers by route, method and status: looking one up in the registry costs more than the rest. */
    private final Map<RequestTags, Timer> requestTimers = new ConcurrentHashMap<>();

    private record RequestTags(String route, String method, String status) {
    }

    public GatewayMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /**
     * One public request: count and latency histogram by route template, method and status ({@code closed} when the
     * connection went before the whole answer was written).
     */
    public void request(String route, String method, String status, Duration took) {
        // Bounded: route templates, methods and statuses are each a small fixed set.
        requestTimers.computeIfAbsent(new RequestTags(route, method, status), tags -> Timer.builder("gateway.requests")
                        .description("Public API requests by route template, method and status")
                        .tag("route", tags.route())
                        .tag("method", tags.method())
                        .tag("status", tags.status())
                        .publishPercentileHistogram()
                        .register(registry))
                .record(took);
    }

    /** A request refused with 429 RATE_LIMIT_EXCEEDED; {@code window} is hour or day. */
    public void rateLimitRefusal(String tier, String window) {
        Counter.builder("gateway.rate_limit.refusals")
                .description("Requests refused for a full rate-limit window")
                .tag("tier", tier)
                .tag("window", window)
                .register(registry)
                .increment();
    }

    /** An answer served from the idempotency store instead of the service. */
    public void idempotencyReplay(String route) {
        Counter.builder("gateway.idempotency.replays")
                .description("Answers replayed for a repeated Idempotency-Key")
                .tag("route", route)
                .register(registry)
                .increment();
    }
}
