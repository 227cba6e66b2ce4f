package dev.voiceplatform.numbers.routing;

import dev.voiceplatform.numbers.config.NumbersConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/**
 * The media layer as the voice runtime uses it: the runtime asks this service which agent a number routes to on every
 * inbound call, so there is no route to hand over; a binding is live once stored, when a runtime carries the calls
 * ({@code platform.numbers.runtime-routes-calls}). Without one, bindings are kept but not live (routing_live false
 * with a warning).
 */
@ApplicationScoped
public class RuntimeRouteLookup implements MediaLayer {

    private final NumbersConfig config;

    public RuntimeRouteLookup(NumbersConfig config) {
        this.config = config;
    }

    @Override
    public Uni<Boolean> takeRoute(String phoneNumber, UUID agentId) {
        return Uni.createFrom().item(config.runtimeRoutesCalls());
    }

    @Override
    public Uni<Void> dropRoute(String phoneNumber) {
        return Uni.createFrom().voidItem();
    }
}
