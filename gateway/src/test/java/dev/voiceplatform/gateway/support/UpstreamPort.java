package dev.voiceplatform.gateway.support;

import dev.voiceplatform.gateway.routing.OwningService;
import dev.voiceplatform.gateway.routing.RouteTable;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.Map;

/**
 * Points the address of every service the route table names at one free local port. {@link UpstreamStub} listens
 * there from the test's side, so tests can read what it received and can take it down and up again.
 */
public class UpstreamPort implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> config = new HashMap<>();
        for (OwningService service : new RouteTable().forwardedServices()) {
            config.put("platform.services." + service.name() + ".url", "http://127.0.0.1:" + port);
        }
        // Short, so the test of a silent service does not wait for the production value.
        config.put("platform.forwarding.idle-timeout", "2s");
        return config;
    }

    @Override
    public void stop() {
        // Nothing was started here.
    }
}
