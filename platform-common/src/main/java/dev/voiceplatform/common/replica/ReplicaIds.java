package dev.voiceplatform.common.replica;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * A replica's id among the replicas of its service: the same across restarts of that replica and different from every
 * other replica's. Taken from configuration when set; otherwise this host's name and the service's HTTP port, which
 * tell apart replicas on one host and on many.
 */
public final class ReplicaIds {

    private ReplicaIds() {
    }

    /** {@code configured} when present, else this host's name, a dash and {@code httpPort}. */
    public static String of(Optional<String> configured, int httpPort) {
        return configured.filter(id -> !id.isBlank()).orElseGet(() -> hostName() + "-" + httpPort);
    }

    private static String hostName() {
        String fromEnvironment = System.getenv("HOSTNAME");
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return fromEnvironment;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
