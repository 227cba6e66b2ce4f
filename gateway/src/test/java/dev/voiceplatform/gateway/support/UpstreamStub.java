package dev.voiceplatform.gateway.support;

import io.vertx.core.Context;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * A stand-in for the agents service on the port {@link UpstreamPort} chose, with a service's request-head limits
 * ({@link ServiceHeadLimits}). It records every request it gets and
 * answers with the reply a test set. A request for {@code /agents/silent}, or with the query {@code stub=silent}, is
 * never answered; while replies are held ({@link #holdReplies()}), requests are received but answered only on
 * {@link #releaseReplies()}. The next request can be made to meet a service that dies between its work and its
 * answer ({@link #closeNextWithoutAnswer()}), or one that hangs ({@link #leaveNextUnanswered()}).
 */
public final class UpstreamStub {

    public static final String SILENT_PATH = "/agents/silent";
    /** A query that makes the stub leave any request unanswered, for routes whose path is fixed. */
    public static final String SILENT_QUERY = "stub=silent";
    /**
     * A query that makes the stub announce twice the reply's body length, send the first half and then stop, as a
     * service that fails mid-answer.
     */
    public static final String PARTIAL_QUERY = "stub=partial";
    private static final Vertx VERTX = Vertx.vertx();
    private static final BlockingQueue<Exchange> EXCHANGES = new LinkedBlockingQueue<>();
    private static volatile Reply reply = Reply.standard();
    private static volatile CompletableFuture<Void> held = CompletableFuture.completedFuture(null);
    /** What happens to the next request instead of its reply; taken by that request. */
    private static final AtomicReference<Fate> NEXT_FATE = new AtomicReference<>();
    private enum Fate { CLOSE_WITHOUT_ANSWER, NO_ANSWER }
    private static HttpServer server;

    private UpstreamStub() {
    }

    /** What the stub received: the head at once, the first body bytes and the whole body as they arrive. */
    public static final class Exchange {
        public final String method;
        public final String uri;
        public final MultiMap headers;
        public final CompletableFuture<Buffer> firstBytes = new CompletableFuture<>();
        public final CompletableFuture<Buffer> body = new CompletableFuture<>();

        Exchange(HttpServerRequest request) {
            method = request.method().name();
            uri = request.uri();
            headers = MultiMap.caseInsensitiveMultiMap().addAll(request.headers());
        }

        public String header(String name) {
            return headers.get(name);
        }

        public String bodyText() {
            return await(body).toString();
        }
    }

    /**
     * The answer the stub gives; the body goes out in two writes so it is streamed, not sent in one piece (chunked,
     * unless the headers set a Content-Length).
     */
    public record Reply(int status, Map<String, String> headers, String body) {

        static Reply standard() {
            return new Reply(200, Map.of("Content-Type", "application/json"), "{\"ok\":true}");
        }
    }

    public static synchronized void start() {
        if (server != null) {
            return;
        }
        int port = URI.create(ConfigProvider.getConfig().getValue("platform.services.agents.url", String.class)).getPort();
        server = await(VERTX.createHttpServer(ServiceHeadLimits.serverOptions()).requestHandler(UpstreamStub::handle).listen(port, "127.0.0.1")
                .toCompletionStage().toCompletableFuture());
    }

    public static synchronized void stop() {
        if (server != null) {
            await(server.close().toCompletionStage().toCompletableFuture());
            server = null;
        }
    }

    /** Forgets what was received, restores the standard reply and answers held requests. */
    public static void reset() {
        EXCHANGES.clear();
        NEXT_FATE.set(null);
        reply = Reply.standard();
        releaseReplies();
    }

    /** From now on requests wait for {@link #releaseReplies()} before they are answered. */
    public static void holdReplies() {
        held = new CompletableFuture<>();
    }

    /** The next request is read whole, then its connection is closed without an answer, as by a killed service. */
    public static void closeNextWithoutAnswer() {
        NEXT_FATE.set(Fate.CLOSE_WITHOUT_ANSWER);
    }

    /** The next request is read whole and never answered, so the gateway's idle timeout ends it. */
    public static void leaveNextUnanswered() {
        NEXT_FATE.set(Fate.NO_ANSWER);
    }

    public static void releaseReplies() {
        held.complete(null);
    }

    public static void replyWith(int status, Map<String, String> headers, String body) {
        reply = new Reply(status, new LinkedHashMap<>(headers), body);
    }

    /** The next request the stub received; fails when none arrives. */
    public static Exchange next() {
        try {
            Exchange exchange = EXCHANGES.poll(10, TimeUnit.SECONDS);
            if (exchange == null) {
                throw new AssertionError("the stub service received no request");
            }
            return exchange;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    public static boolean received() {
        return !EXCHANGES.isEmpty();
    }

    public static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("gave up waiting", e);
        }
    }

    private static void answer(HttpServerRequest request, Reply current) {
        request.response().setStatusCode(current.status());
        current.headers().forEach(request.response()::putHeader);
        String half = current.body().substring(0, current.body().length() / 2);
        if (PARTIAL_QUERY.equals(request.query())) {
            request.response().putHeader("Content-Length", Integer.toString(2 * current.body().length()));
            request.response().write(current.body());
            return;
        }
        if (!request.response().headers().contains("Content-Length")) {
            request.response().setChunked(true);
        }
        request.response().write(half);
        request.response().end(current.body().substring(half.length()));
    }

    private static void handle(HttpServerRequest request) {
        Exchange exchange = new Exchange(request);
        EXCHANGES.add(exchange);
        Buffer body = Buffer.buffer();
        request.handler(chunk -> {
            exchange.firstBytes.complete(chunk.copy());
            body.appendBuffer(chunk);
        });
        request.endHandler(ignored -> {
            exchange.firstBytes.complete(Buffer.buffer());
            exchange.body.complete(body);
            if (SILENT_PATH.equals(request.path()) || SILENT_QUERY.equals(request.query())) {
                return;
            }
            Fate fate = NEXT_FATE.getAndSet(null);
            if (fate == Fate.CLOSE_WITHOUT_ANSWER) {
                request.connection().close();
                return;
            }
            if (fate == Fate.NO_ANSWER) {
                return;
            }
            Reply current = reply;
            Context context = VERTX.getOrCreateContext();
            held.thenRun(() -> context.runOnContext(later -> answer(request, current)));
        });
    }
}
