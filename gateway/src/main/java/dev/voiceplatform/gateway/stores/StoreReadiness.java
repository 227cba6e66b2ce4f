package dev.voiceplatform.gateway.stores;

import dev.voiceplatform.common.db.StoreFailureLog;
import dev.voiceplatform.gateway.GatewayConfig;
import io.quarkus.reactive.datasource.ReactiveDataSource;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

/**
 * Ready while every database of the gateway answers {@code SELECT 1} within {@code platform.stores.readiness-timeout}.
 * Each probe asks afresh (nothing is remembered between probes), so readiness follows a database back on the first
 * probe after it returns. Takes the place of Quarkus's datasource check, which logs a stack trace per database per
 * probe during an outage; failures here go through {@link StoreFailureLog}.
 */
@Readiness
@ApplicationScoped
public class StoreReadiness implements AsyncHealthCheck {

    /** The name Quarkus's own check had, which dashboards and the end-to-end tests look for. */
    static final String NAME = "Reactive PostgreSQL connections health check";
    private static final Logger LOG = Logger.getLogger(StoreReadiness.class);
    private static final StoreFailureLog FAILURES = new StoreFailureLog(LOG);

    private final Map<String, Pool> pools = new LinkedHashMap<>();
    private final Duration timeout;

    public StoreReadiness(Pool keysAndOrganizations, @ReactiveDataSource("rate-limits") Pool rateLimits,
            @ReactiveDataSource("idempotency") Pool idempotency, GatewayConfig.Stores stores) {
        pools.put("<default>", keysAndOrganizations);
        pools.put("rate-limits", rateLimits);
        pools.put("idempotency", idempotency);
        this.timeout = stores.readinessTimeout();
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        List<Uni<Map.Entry<String, String>>> probes = pools.entrySet().stream().map(pool -> probe(pool.getKey(),
                pool.getValue())).toList();
        return Uni.join().all(probes).andFailFast().map(results -> {
            HealthCheckResponseBuilder response = HealthCheckResponse.named(NAME).up();
            for (Map.Entry<String, String> result : results) {
                response.withData(result.getKey(), result.getValue());
                if (!"UP".equals(result.getValue())) {
                    response.down();
                }
            }
            return response.build();
        });
    }

    private Uni<Map.Entry<String, String>> probe(String name, Pool pool) {
        return pool.query("SELECT 1").execute()
                .ifNoItem().after(timeout).fail()
                .map(rows -> Map.entry(name, "UP"))
                .onFailure().recoverWithItem(failure -> {
                    FAILURES.failed("Database " + name + " is not ready", failure);
                    return Map.entry(name, "DOWN: " + failure.getClass().getSimpleName());
                });
    }
}
