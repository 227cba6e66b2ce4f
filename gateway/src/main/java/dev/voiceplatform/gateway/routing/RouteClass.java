package dev.voiceplatform.gateway.routing;

import dev.voiceplatform.gateway.GatewayConfig;
import java.time.Duration;

/**
 * How long a route's service may take: each class has its own timeout ({@code platform.forwarding.*-timeout}), past
 * which a silent service gets the caller 503 SERVICE_UNAVAILABLE.
 */
public enum RouteClass {
    /** Reads and writes of stored resources: the service answers from its database in milliseconds. */
    ORDINARY,
    /** The drafting wizards, which wait on a language model before they answer. */
    DRAFTING,
    /** File uploads: the body itself takes a while to pass through. */
    UPLOAD;

    Duration timeout(GatewayConfig.Forwarding forwarding) {
        return switch (this) {
            case ORDINARY -> forwarding.ordinaryTimeout();
            case DRAFTING -> forwarding.draftingTimeout();
            case UPLOAD -> forwarding.uploadTimeout();
        };
    }
}
