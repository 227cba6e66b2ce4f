package dev.voiceplatform.gateway.routing;

import java.net.URI;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.microprofile.config.Config;

/** Where a service listens, as the forwarder connects to it. */
public record Upstream(String host, int port, boolean ssl, String basePath) {

    /**
     * The address of every service the route table forwards to, from {@code platform.services.<name>.url}. Each
     * name is looked up as the route table spells it, so a name with a dash ({@code voice-runtime}) is found in its
     * environment variable ({@code PLATFORM_SERVICES_VOICE_RUNTIME_URL}) too. A routed service without an address
     * stops the start with its name, so a route can never lead nowhere.
     */
    public static Map<OwningService, Upstream> forServices(Set<OwningService> routed, Config config) {
        Set<String> unknown = new TreeSet<>();
        Map<OwningService, Upstream> upstreams = new HashMap<>();
        for (OwningService service : routed) {
            Optional<URI> url = config.getOptionalValue("platform.services." + service.name() + ".url", URI.class);
            if (url.isEmpty()) {
                unknown.add(service.name());
            } else {
                upstreams.put(service, of(service, url.get()));
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalStateException("the route table names services the gateway has no address for: "
                    + unknown + "; set platform.services.<name>.url (env PLATFORM_SERVICES_<NAME>_URL, which "
                    + "./platform sets for every service of deploy/local/components.properties)");
        }
        return upstreams;
    }

    private static Upstream of(OwningService service, URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || url.getHost() == null) {
            throw new IllegalStateException("platform.services." + service.name()
                    + ".url must be an http or https address");
        }
        boolean ssl = scheme.equals("https");
        int port = url.getPort() > 0 ? url.getPort() : ssl ? 443 : 80;
        String path = url.getRawPath() == null ? "" : url.getRawPath();
        return new Upstream(url.getHost(), port, ssl, path.endsWith("/") ? path.substring(0, path.length() - 1) : path);
    }
}
