package dev.voiceplatform.numbers.routing;

import io.smallrye.mutiny.Uni;
import java.util.UUID;

/**
 * The media layer that carries inbound calls: a binding is live once it has taken the route from the number to the
 * agent. {@link RuntimeRouteLookup} is the one the voice runtime needs.
 */
public interface MediaLayer {

    /** Asks the media layer to send calls of {@code phoneNumber} to the agent; true when it took the route. */
    Uni<Boolean> takeRoute(String phoneNumber, UUID agentId);

    /** Asks the media layer to stop sending calls of {@code phoneNumber} to any agent. */
    Uni<Void> dropRoute(String phoneNumber);
}
