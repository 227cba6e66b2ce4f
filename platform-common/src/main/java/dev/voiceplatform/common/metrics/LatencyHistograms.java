package dev.voiceplatform.common.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * HTTP server request timers publish a latency histogram (Prometheus buckets), so every service's p50/p99 by route
 * template and status can be computed across replicas, not only averaged.
 */
@ApplicationScoped
public class LatencyHistograms {

    static final String HTTP_SERVER_REQUESTS = "http.server.requests";

    @Produces
    @Singleton
    MeterFilter httpServerHistograms() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (id.getName().equals(HTTP_SERVER_REQUESTS)) {
                    return DistributionStatisticConfig.builder().percentilesHistogram(true).build().merge(config);
                }
                return config;
            }
        };
    }
}
