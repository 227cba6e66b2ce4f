package dev.voiceplatform.webhooks.event;

import java.util.List;
import java.util.Optional;

/** The five public events of part 6.1: the only names a subscription may hold. */
public final class EventCatalog {

    /** One catalog entry as GET /webhooks/events lists it. */
    public record Entry(String name, String description, String category) {
    }

    public static final List<Entry> EVENTS = List.of(
            new Entry("call.started", "A call begins; data has caller and direction.", "calls"),
            new Entry("call.ended", "A call ends; data has transcript and summary.", "calls"),
            new Entry("lead.created", "A lead is captured (API create, or the agent mid-call).", "leads"),
            new Entry("lead.updated", "A lead's status changes.", "leads"),
            new Entry("agent.error", "An agent reports an unhandled error mid-call.", "agents"));

    private EventCatalog() {
    }

    public static boolean contains(String name) {
        return find(name).isPresent();
    }

    public static Optional<Entry> find(String name) {
        return EVENTS.stream().filter(entry -> entry.name().equals(name)).findFirst();
    }
}
