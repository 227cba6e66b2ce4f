package dev.voiceplatform.gateway.routing;

/** Who answers a route: the gateway itself, or a service reached at {@code platform.services.<name>.url}. */
public enum OwningService {
    GATEWAY(null),
    AGENTS("agents"),
    LEADS("leads"),
    NUMBERS("numbers");

    private final String configName;

    OwningService(String configName) {
        this.configName = configName;
    }

    /** The name under {@code platform.services}; null for the gateway. */
    public String configName() {
        return configName;
    }

    public boolean local() {
        return configName == null;
    }
}
