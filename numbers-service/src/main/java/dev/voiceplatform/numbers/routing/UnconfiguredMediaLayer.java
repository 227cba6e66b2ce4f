package dev.voiceplatform.numbers.routing;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/** No media layer: a binding is recorded, but no route is live (routing_live false with a warning). */
@ApplicationScoped
public class UnconfiguredMediaLayer implements MediaLayer {

    @Override
    public Uni<Boolean> takeRoute(String phoneNumber, UUID agentId) {
        return Uni.createFrom().item(false);
    }

    @Override
    public Uni<Void> dropRoute(String phoneNumber) {
        return Uni.createFrom().voidItem();
    }
}
