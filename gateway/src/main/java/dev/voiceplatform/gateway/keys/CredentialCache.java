package dev.voiceplatform.gateway.keys;

import dev.voiceplatform.gateway.GatewayConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.pubsub.PgSubscriber;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The keys this replica looked up, by hash, so that most requests need no key lookup in the database.
 *
 * <p>A key or an organization that changes in the database (revoked, re-scoped, suspended, moved to another plan)
 * makes the database notify every listening replica when the change commits (migration V3); each forgets every
 * entry at once. An entry is used only while this replica listens on the very connection that subscribed: a lost
 * connection could have hidden a notice, so until the listener is back and has forgotten everything, every request
 * goes to the database. The replica that makes a change through the admin API forgets at once as well, so its own
 * callers never see the old key. No entry is used past {@code platform.credential-cache.max-age}.
 *
 * <p>Unknown keys are not remembered: a key created a moment ago works on its first request.
 */
@ApplicationScoped
public class CredentialCache {

    static final String CHANNEL = "gateway_credentials_changed";
    private static final Logger LOG = Logger.getLogger(CredentialCache.class);

    private record Entry(KeyCredential credential, long loadedAtNanos) {
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    /** Moves on every forgetting; a lookup that began before it must not store what it read. */
    private final AtomicLong generation = new AtomicLong();
    private final GatewayConfig.CredentialCache config;
    private final Vertx vertx;
    private final String databaseUrl;
    private final String user;
    private final String password;
    private volatile PgSubscriber subscriber;
    /** The connection on which the channel was last subscribed; entries are trusted only while it is the live one. */
    private volatile PgConnection subscribedOn;

    public CredentialCache(GatewayConfig.CredentialCache config, Vertx vertx,
            @ConfigProperty(name = "quarkus.datasource.reactive.url") String databaseUrl,
            @ConfigProperty(name = "quarkus.datasource.username") String user,
            @ConfigProperty(name = "quarkus.datasource.password") String password) {
        if (config.maxEntries() < 1) {
            throw new IllegalStateException("platform.credential-cache.max-entries must be at least 1");
        }
        this.config = config;
        this.vertx = vertx;
        this.databaseUrl = databaseUrl;
        this.user = user;
        this.password = password;
    }

    void start(@Observes StartupEvent ignored) {
        if (!config.enabled()) {
            return;
        }
        PgConnectOptions options = PgConnectOptions.fromUri(databaseUrl).setUser(user).setPassword(password);
        PgSubscriber listener = PgSubscriber.subscriber(vertx, options)
                // Keep trying for as long as the gateway runs; meanwhile every request reads the database.
                .reconnectPolicy(attempt -> Math.min(5_000L, 200L * (attempt + 1)));
        listener.channel(CHANNEL)
                .subscribeHandler(subscribed -> {
                    forgetAll();
                    subscribedOn = listener.actualConnection();
                })
                .handler(table -> forgetAll());
        listener.closeHandler(closed -> subscribedOn = null);
        subscriber = listener;
        listener.connect().onFailure(failure -> LOG.warnf(
                "Key change notices cannot be received yet (%s); every request looks its key up meanwhile",
                failure.toString()));
    }

    void stop(@Observes ShutdownEvent ignored) {
        PgSubscriber listener = subscriber;
        if (listener != null) {
            subscribedOn = null;
            listener.close();
        }
    }

    /** The state of {@link #remember} guards: read it before the lookup whose result may be remembered. */
    public long generation() {
        return generation.get();
    }

    /** The remembered credential for this hash, or null when the database has to be asked. */
    public KeyCredential find(String keyHash) {
        if (!trusted()) {
            return null;
        }
        Entry entry = entries.get(keyHash);
        if (entry == null) {
            return null;
        }
        if (System.nanoTime() - entry.loadedAtNanos() > config.maxAge().toNanos()) {
            entries.remove(keyHash, entry);
            return null;
        }
        return entry.credential();
    }

    /**
     * Remembers a credential read from the database, unless a change was announced since {@code generationBefore}
     * (what was read may be older than the change) or the notices cannot be trusted.
     */
    public void remember(String keyHash, KeyCredential credential, long generationBefore) {
        if (!trusted() || generation.get() != generationBefore) {
            return;
        }
        if (entries.size() >= config.maxEntries()) {
            entries.clear();
        }
        entries.put(keyHash, new Entry(credential, System.nanoTime()));
        // A change announced while storing: what was stored may be older than it.
        if (generation.get() != generationBefore) {
            entries.remove(keyHash);
        }
    }

    /** Forgets every key; called on every change notice and by the admin API after its own changes. */
    public void forgetAll() {
        generation.incrementAndGet();
        entries.clear();
    }

    private boolean trusted() {
        PgSubscriber listener = subscriber;
        PgConnection subscribed = subscribedOn;
        return listener != null && subscribed != null && listener.actualConnection() == subscribed;
    }
}
