package dev.voiceplatform.common.tenancy;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Lets at most a fixed number of one organization's operations run at once in this replica; the others wait their
 * turn in memory, holding no database connection. For writes of one organization that meet on a row of its own (its
 * plan's agent slots): without it, a burst of them would fill the connection pool with transactions queued on that
 * row, and every other organization's requests would wait for a connection.
 */
public final class OrganizationBulkhead {

    private final int permitsPerOrganization;
    /** Organizations with operations running or waiting; an organization leaves when its last one ends. */
    private final Map<UUID, Lane> lanes = new HashMap<>();

    public OrganizationBulkhead(int permitsPerOrganization) {
        if (permitsPerOrganization < 1) {
            throw new IllegalArgumentException("an organization needs at least one permit");
        }
        this.permitsPerOrganization = permitsPerOrganization;
    }

    /**
     * Runs {@code operation} once the organization has a free permit. However the run ends (item, failure, or the
     * caller going away, while waiting or while running), its place or its permit is given up exactly once.
     */
    public <T> Uni<T> run(UUID organizationId, Supplier<Uni<T>> operation) {
        return Uni.createFrom().deferred(() -> {
            Ticket ticket = enter(organizationId);
            Uni<T> turn = Uni.createFrom().completionStage(ticket.granted)
                    .chain(() -> Uni.createFrom().<T>deferred(() -> operation.get()));
            return turn.onTermination().invoke(() -> leave(organizationId, ticket));
        });
    }

    /** The organization's operations running now and waiting now, in that order; for tests. */
    public synchronized int[] inFlight(UUID organizationId) {
        Lane lane = lanes.get(organizationId);
        return lane == null ? new int[] {0, 0} : new int[] {lane.running, lane.waiting.size()};
    }

    private Ticket enter(UUID organizationId) {
        Ticket ticket = new Ticket(Vertx.currentContext());
        boolean runsNow;
        synchronized (this) {
            Lane lane = lanes.computeIfAbsent(organizationId, id -> new Lane());
            runsNow = lane.running < permitsPerOrganization;
            if (runsNow) {
                lane.running++;
                ticket.holdsPermit = true;
            } else {
                lane.waiting.add(ticket);
            }
        }
        if (runsNow) {
            ticket.granted.complete(null);
        }
        return ticket;
    }

    /** A ticket still waiting leaves the queue; one holding a permit hands it to the next waiting, if any. */
    private void leave(UUID organizationId, Ticket ticket) {
        Ticket next = null;
        synchronized (this) {
            Lane lane = lanes.get(organizationId);
            if (!ticket.holdsPermit) {
                lane.waiting.remove(ticket);
            } else {
                ticket.holdsPermit = false;
                next = lane.waiting.poll();
                if (next == null) {
                    lane.running--;
                } else {
                    next.holdsPermit = true;
                }
            }
            if (lane.running == 0 && lane.waiting.isEmpty()) {
                lanes.remove(organizationId);
            }
        }
        if (next != null) {
            next.grant();
        }
    }

    private static final class Lane {
        private int running;
        private final ArrayDeque<Ticket> waiting = new ArrayDeque<>();
    }

    /** One operation's place: granted when it may run, on the event loop it waited on. */
    private static final class Ticket {
        private final CompletableFuture<Void> granted = new CompletableFuture<>();
        private final Context context;
        /** Guarded by the bulkhead. */
        private boolean holdsPermit;

        private Ticket(Context context) {
            this.context = context;
        }

        private void grant() {
            if (context != null) {
                context.runOnContext(ignored -> granted.complete(null));
            } else {
                granted.complete(null);
            }
        }
    }
}
