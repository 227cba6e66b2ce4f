package dev.voiceplatform.webhooks.delivery.service;

import dev.voiceplatform.common.background.BackgroundLoop;
import dev.voiceplatform.webhooks.config.WebhooksConfig;
import dev.voiceplatform.webhooks.delivery.repository.DeliveryRepository;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Semaphore;
import javax.sql.DataSource;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;

/**
 * Sends due deliveries. On a thread of its own it claims due rows (FOR UPDATE SKIP LOCKED with a lease, so several
 * replicas share the work and a dead one's claims come back), hands each to {@link DeliveryAttempts}, which sends
 * without blocking, and waits for the next NOTIFY from the fan-out, a retry falling due or the sweep interval.
 * Retry times live in the database, so a restart resumes them on time.
 */
@ApplicationScoped
public class DeliveryWorker {

    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class);

    private final Pool pool;
    private final DataSource dataSource;
    private final DeliveryRepository deliveries;
    private final DeliveryAttempts attempts;
    private final WebhooksConfig config;
    private final Clock clock;
    private final Semaphore inFlight;
    private BackgroundLoop loop;
    private Connection listener;

    public DeliveryWorker(Pool pool, DataSource dataSource, DeliveryRepository deliveries, DeliveryAttempts attempts,
            WebhooksConfig config, Clock clock) {
        this.pool = pool;
        this.dataSource = dataSource;
        this.deliveries = deliveries;
        this.attempts = attempts;
        this.config = config;
        this.clock = clock;
        this.inFlight = new Semaphore(config.worker().maxInFlight());
    }

    void onStart(@Observes StartupEvent event) {
        if (config.worker().enabled()) {
            start();
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        stop();
    }

    public synchronized void start() {
        if (loop != null) {
            return;
        }
        loop = new BackgroundLoop("webhook-deliveries", Duration.ofMillis(500), Duration.ofSeconds(30), this::step)
                .onExit(this::closeListener);
        loop.start();
    }

    public synchronized void stop() {
        if (loop != null) {
            loop.stop();
            loop = null;
        }
    }

    /** Claims and dispatches one batch; when it was not full, waits for a notification or the sweep interval. */
    private void step() throws Exception {
        listen();
        int room = Math.min(config.worker().batchSize(), Math.max(1, inFlight.availablePermits()));
        List<DeliveryRepository.Claimed> claimed = deliveries.claimDue(pool, clock.instant(), config.worker().lease(),
                room).await().atMost(Duration.ofSeconds(30));
        for (DeliveryRepository.Claimed delivery : claimed) {
            inFlight.acquire();
            attempts.attempt(delivery).subscribe().with(done -> inFlight.release(), failure -> inFlight.release());
        }
        if (claimed.size() < room) {
            listener.unwrap(PGConnection.class).getNotifications((int) config.worker().sweepInterval().toMillis());
        }
    }

    private void listen() throws SQLException {
        if (listener != null && listener.isValid(1)) {
            return;
        }
        closeListener();
        listener = dataSource.getConnection();
        listener.setAutoCommit(true);
        try (Statement statement = listener.createStatement()) {
            statement.execute("LISTEN " + EventFanOut.CHANNEL);
        }
    }

    private void closeListener() {
        if (listener != null) {
            try {
                listener.close();
            } catch (SQLException e) {
                LOG.debugf("Closing the delivery listener: %s", e.getMessage());
            }
            listener = null;
        }
    }
}
