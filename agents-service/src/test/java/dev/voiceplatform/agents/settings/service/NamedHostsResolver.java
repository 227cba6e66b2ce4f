package dev.voiceplatform.agents.settings.service;

import dev.voiceplatform.common.outbound.HostResolver;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;

/**
 * Replaces the system resolver in this module's tests: names under {@code .resolver.test} resolve to fixed
 * addresses (a public-looking name that points inside the network among them); any other name goes to the system.
 */
@ApplicationScoped
public class NamedHostsResolver implements HostResolver {

    /** A public-looking name whose address is private. */
    public static final String NAME_OF_PRIVATE_ADDRESS = "hooks.rebinding.resolver.test";
    /** A name whose address is public. */
    public static final String NAME_OF_PUBLIC_ADDRESS = "hooks.example.resolver.test";

    private static final Map<String, String> ADDRESSES = Map.of(
            NAME_OF_PRIVATE_ADDRESS, "10.20.30.40",
            NAME_OF_PUBLIC_ADDRESS, "93.184.216.34");

    @Override
    public List<InetAddress> resolve(String host) throws UnknownHostException {
        String fixed = ADDRESSES.get(host);
        if (fixed != null) {
            return List.of(InetAddress.getByName(fixed));
        }
        if (host.endsWith(".resolver.test")) {
            throw new UnknownHostException(host);
        }
        return List.of(InetAddress.getAllByName(host));
    }
}
