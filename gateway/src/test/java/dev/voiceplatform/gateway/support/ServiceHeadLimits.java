package dev.voiceplatform.gateway.support;

import io.quarkus.runtime.configuration.MemorySizeConverter;
import io.vertx.core.http.HttpServerOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Collections;
import java.util.Properties;

/**
 * The request-head limits every service's HTTP server runs with: the shared defaults platform-common ships (the
 * services' application.properties set none), or Quarkus's own defaults where it ships none. The stand-in service
 * listens with them, so what the gateway forwards meets a service's decoder as it is.
 */
public final class ServiceHeadLimits {

    private static final String SHARED_DEFAULTS = "META-INF/microprofile-config.properties";
    private static final String LINE = "quarkus.http.limits.max-initial-line-length";
    private static final String HEADERS = "quarkus.http.limits.max-header-size";
    /** Quarkus's defaults of the two. */
    private static final String QUARKUS_LINE = "4096";
    private static final String QUARKUS_HEADERS = "20K";

    private ServiceHeadLimits() {
    }

    /** Server options with the services' limits. */
    public static HttpServerOptions serverOptions() {
        Properties shared = sharedDefaults();
        MemorySizeConverter sizes = new MemorySizeConverter();
        return new HttpServerOptions()
                .setMaxInitialLineLength(Integer.parseInt(shared.getProperty(LINE, QUARKUS_LINE).trim()))
                .setMaxHeaderSize((int) sizes.convert(shared.getProperty(HEADERS, QUARKUS_HEADERS).trim())
                        .asLongValue());
    }

    /** platform-common's file of shared defaults, found among every library's of that name by its location. */
    private static Properties sharedDefaults() {
        try {
            for (URL url : Collections.list(ServiceHeadLimits.class.getClassLoader().getResources(SHARED_DEFAULTS))) {
                if (url.toString().contains("platform-common")) {
                    Properties properties = new Properties();
                    try (InputStream in = url.openStream()) {
                        properties.load(in);
                    }
                    return properties;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("platform-common's " + SHARED_DEFAULTS + " is not on the class path");
    }
}
