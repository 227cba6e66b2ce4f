package dev.voiceplatform.gateway.support;

import dev.voiceplatform.gateway.routing.OwningService;
import dev.voiceplatform.gateway.routing.RouteTable;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Points the address of every service the route table names at one free local port. {@link UpstreamStub} listens
 * there from the test's side, so tests can read what it received and can take it down and up again.
 */
public class UpstreamPort implements QuarkusTestResourceLifecycleManager {

    public static final Duration ORDINARY_TIMEOUT = Duration.ofSeconds(2);
    public static final Duration DRAFTING_TIMEOUT = Duration.ofSeconds(5);

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
        // The calls service is asked by GET /me and the admin API too, so it stands in on a port of its own.
        config.put("platform.services." + RouteTable.CALLS.name() + ".url",
                "http://127.0.0.1:" + CallsServiceStandIn.start());
        // Short, so the tests of a silent service do not wait for the production values; distinct, so a test can
        // tell which class's timeout ended the wait.
        config.put("platform.forwarding.ordinary-timeout", ORDINARY_TIMEOUT.toSeconds() + "s");
        config.put("platform.forwarding.drafting-timeout", DRAFTING_TIMEOUT.toSeconds() + "s");
        return config;
    }

    @Override
    public void stop() {
        // Nothing was started here.
    }
}
