package dev.voiceplatform.gateway.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Map;

/**
 * Points the agents service address at a free local port. {@link UpstreamStub} listens there from the test's
 * side, so tests can read what it received and can take it down and up again.
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
        return Map.of(
                "platform.services.agents.url", "http://127.0.0.1:" + port,
                // Short, so the test of a silent service does not wait for the production value.
                "platform.forwarding.idle-timeout", "2s");
    }

    @Override
    public void stop() {
        // Nothing was started here.
    }
}
