package dev.voiceplatform.gateway.support;

import dev.voiceplatform.testing.PlatformTestResources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.Map;

/**
 * The platform's test resources with a database of their own whose reactive connections (all three stores and the
 * key-change listener) go through a {@link StoreProxy} on a port chosen here, so a test can cut the database off and
 * give it back. Flyway's JDBC connection goes straight to the database. Starts after the platform's resources, so
 * its addresses win.
 */
public class StoreProxyPort extends PlatformTestResources {

    public static final String PORT = "platform.test.store-proxy.port";
    public static final String TARGET_PORT = "platform.test.store-proxy.target-port";

    @Override
    public void init(Map<String, String> initArgs) {
        super.init(Map.of("database", "gateway_outage", "kafka", "false"));
    }

    @Override
    public Map<String, String> start() {
        Map<String, String> config = super.start();
        URI direct = URI.create(config.get("quarkus.datasource.reactive.url"));
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        config.put("quarkus.datasource.reactive.url",
                direct.getScheme() + "://127.0.0.1:" + port + direct.getRawPath());
        config.put(PORT, Integer.toString(port));
        config.put(TARGET_PORT, Integer.toString(direct.getPort()));
        return config;
    }

    @Override
    public int order() {
        return 100;
    }
}
