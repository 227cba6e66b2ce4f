package dev.voiceplatform.common.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.reactive.pg.client.PgPoolCreator;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgPool;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A statement on a pool whose database refuses connections fails once, cleanly. With the pool connection timeout
 * of Vert.x on, the timer that guards the wait fails the already failed statement again when it fires:
 * {@code IllegalStateException: Result is already complete} on the event loop.
 */
class StorePoolsTest {

    private static final long POOL_TIMEOUT_MILLIS = 100;

    private final List<Throwable> unhandled = new CopyOnWriteArrayList<>();
    private Vertx vertx;
    private int closedPort;

    @BeforeEach
    void start() throws IOException {
        vertx = Vertx.vertx();
        vertx.exceptionHandler(unhandled::add);
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
    }

    @AfterEach
    void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** Options as Quarkus hands them to a pool creator, with a short pool connection timeout. */
    private PgPoolCreator.Input input() {
        PoolOptions pool = new PoolOptions().setMaxSize(2)
                .setConnectionTimeout((int) POOL_TIMEOUT_MILLIS).setConnectionTimeoutUnit(TimeUnit.MILLISECONDS);
        PgConnectOptions server = new PgConnectOptions().setHost("127.0.0.1").setPort(closedPort)
                .setDatabase("none").setUser("postgres").setPassword("postgres");
        return new PgPoolCreator.Input() {
            @Override
            public Vertx vertx() {
                return vertx;
            }

            @Override
            public PoolOptions poolOptions() {
                return pool;
            }

            @Override
            public List<PgConnectOptions> pgConnectOptionsList() {
                return List.of(server);
            }
        };
    }

    /**
     * Runs a statement on the pool from an event-loop context, then waits on the same context for a timer set to
     * fire after the pool's own timer would have: the pool's timer has run by then.
     */
    private Throwable failedStatementThenPoolTimer(Function<PgPoolCreator.Input, Pool> create) throws Exception {
        Pool pool = create.apply(input());
        Context context = vertx.getOrCreateContext();
        Promise<Throwable> done = Promise.promise();
        context.runOnContext(ignored -> pool.query("SELECT 1").execute().onComplete(result -> {
            Throwable failure = result.failed() ? result.cause() : null;
            vertx.setTimer(3 * POOL_TIMEOUT_MILLIS, fired -> done.complete(failure));
        }));
        Future<Throwable> failure = done.future();
        Throwable cause = failure.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        pool.close();
        return cause;
    }

    @Test
    void theStatementFailsOnceWithTheConnectError() throws Exception {
        Throwable failure = failedStatementThenPoolTimer(input -> StorePools.create(input, Duration.ofSeconds(2)));
        assertTrue(StoreFailures.unreachable(failure), String.valueOf(failure));
        assertEquals(List.of(), unhandled, "nothing failed the statement a second time");
    }

    @Test
    void thePoolConnectionTimeoutOfVertxFailsTheStatementTwice() throws Exception {
        // What StorePools avoids: the pool as Vert.x makes it from the same options.
        failedStatementThenPoolTimer(input -> PgPool.pool(input.vertx(), input.pgConnectOptionsList().get(0),
                input.poolOptions()));
        assertTrue(unhandled.stream().anyMatch(e -> e instanceof IllegalStateException
                && "Result is already complete".equals(e.getMessage())), "the pool's timer fired: " + unhandled);
    }
}
