package dev.voiceplatform.common.db;

import io.quarkus.reactive.pg.client.PgPoolCreator;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgPool;
import io.vertx.sqlclient.PoolOptions;
import java.time.Duration;
import java.util.List;

/**
 * Reactive PostgreSQL pools as Quarkus configures them, with two changes that make a database outage fail fast and
 * cleanly.
 *
 * <p>The pool's connection timeout is off. In Vert.x SQL client 4.5 a statement run on the pool arms a timer for it
 * and cancels the timer only when a connection is handed out: when connecting fails (the database is down), the
 * statement fails with the connect error and the timer, firing later, fails the same promise again, which throws
 * {@code IllegalStateException: Result is already complete} on the event loop, one stack trace per failed
 * statement. If connecting takes longer than the timeout, the timer fails first and the connect error then hits
 * the completed promise instead.
 *
 * <p>What the timeout bounded is bounded instead by the TCP connect timeout set here, short so a database that
 * does not answer at all fails the statement in seconds; callers that must answer within a deadline set their own.
 */
public final class StorePools {

    private StorePools() {
    }

    /** A pool for a {@link PgPoolCreator}: Quarkus's options, no pool connection timeout, this connect timeout. */
    public static PgPool create(PgPoolCreator.Input input, Duration connectTimeout) {
        PoolOptions pool = new PoolOptions(input.poolOptions()).setConnectionTimeout(0);
        List<PgConnectOptions> servers = input.pgConnectOptionsList().stream()
                .map(options -> new PgConnectOptions(options).setConnectTimeout((int) connectTimeout.toMillis()))
                .toList();
        return PgPool.pool(input.vertx(), servers, pool);
    }
}
