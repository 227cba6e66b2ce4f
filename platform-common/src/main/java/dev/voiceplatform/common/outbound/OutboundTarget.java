package dev.voiceplatform.common.outbound;

import java.net.InetAddress;
import java.net.URI;

/**
 * A URL the guard accepted and the address it was accepted for. Connect to {@code address}, never to the name
 * again, so a second lookup cannot bring a different (rebound) answer; send {@code host} as Host and TLS name.
 */
public record OutboundTarget(URI uri, String host, int port, boolean tls, InetAddress address) {

    /** Path and query as a request line carries them. */
    public String requestTarget() {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
    }
}
