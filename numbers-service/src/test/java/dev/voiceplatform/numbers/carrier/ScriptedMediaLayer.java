package dev.voiceplatform.numbers.carrier;

import dev.voiceplatform.numbers.routing.MediaLayer;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** A media layer that takes routes, or fails, as the test says, and remembers them. Enabled by {@link CarrierProfile}. */
@Alternative
@ApplicationScoped
public class ScriptedMediaLayer implements MediaLayer {

    public static final Map<String, UUID> ROUTES = new ConcurrentHashMap<>();
    public static final List<String> DROPPED = new CopyOnWriteArrayList<>();
    private static volatile boolean failing;

    public static void failing(boolean value) {
        failing = value;
    }

    @Override
    public Uni<Boolean> takeRoute(String phoneNumber, UUID agentId) {
        if (failing) {
            return Uni.createFrom().failure(new IllegalStateException("media layer down"));
        }
        ROUTES.put(phoneNumber, agentId);
        return Uni.createFrom().item(true);
    }

    @Override
    public Uni<Void> dropRoute(String phoneNumber) {
        if (failing) {
            return Uni.createFrom().failure(new IllegalStateException("media layer down"));
        }
        ROUTES.remove(phoneNumber);
        DROPPED.add(phoneNumber);
        return Uni.createFrom().voidItem();
    }
}
