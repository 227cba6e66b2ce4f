package dev.voiceplatform.local;

import dev.voiceplatform.local.PlatformManifest.Component;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Ports for a platform beside the developer's own (end-to-end tests, the benchmark). */
public final class FreePorts {

    private FreePorts() {
    }

    /**
     * Two loopback ports free right now for every service, the public one and the management one, by port variable
     * ({@code PLATFORM_AGENTS_PORT}, {@code PLATFORM_AGENTS_MANAGEMENT_PORT}): all different, and none a default port
     * of the manifest, which a running platform may hold or take later.
     */
    public static Map<String, Integer> forEveryService(PlatformManifest manifest) {
        Set<Integer> taken = new HashSet<>();
        manifest.components().forEach(component -> {
            taken.add(component.defaultPort());
            taken.add(component.defaultManagementPort());
        });
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (Component component : manifest.components()) {
            for (String variable : new String[] {component.portVariable(), component.managementPortVariable()}) {
                int port = freePort(taken);
                taken.add(port);
                ports.put(variable, port);
            }
        }
        return ports;
    }

    private static int freePort(Set<Integer> taken) {
        while (true) {
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                if (!taken.contains(socket.getLocalPort())) {
                    return socket.getLocalPort();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
