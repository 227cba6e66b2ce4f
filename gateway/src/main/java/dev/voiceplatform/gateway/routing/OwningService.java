package dev.voiceplatform.gateway.routing;

import java.util.regex.Pattern;

/**
 * Who answers a route: the gateway itself, or a service by its name in the platform manifest
 * ({@code deploy/local/components.properties}), reached at {@code platform.services.<name>.url}.
 */
public record OwningService(String name) {

    private static final Pattern MANIFEST_NAME = Pattern.compile("[a-z][a-z0-9-]*");

    /** The gateway's own routes; it is named so in the manifest too. */
    public static final OwningService GATEWAY = new OwningService("gateway");

    public OwningService {
        if (name == null || !MANIFEST_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a service is named as in the platform manifest, not " + name);
        }
    }

    public boolean local() {
        return equals(GATEWAY);
    }

    @Override
    public String toString() {
        return name;
    }
}
