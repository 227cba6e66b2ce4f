package dev.voiceplatform.gateway.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** A loopback port nothing listens on: a store placed there is unreachable. */
public final class ClosedPort {

    private ClosedPort() {
    }

    public static String postgresUrl() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return "postgresql://127.0.0.1:" + socket.getLocalPort() + "/unreachable";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
