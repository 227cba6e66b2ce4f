package dev.voiceplatform.gateway.support;

import io.vertx.core.Vertx;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetSocket;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * A TCP relay between the gateway's database connections and the test PostgreSQL, on the port {@link StoreProxyPort}
 * chose. {@link #cut()} is an outage as the gateway sees one: every open connection is closed and new ones are
 * refused; {@link #restore()} listens again.
 */
public final class StoreProxy {

    private static final Vertx VERTX = Vertx.vertx();
    private static final NetClient CLIENT = VERTX.createNetClient();
    private static final Set<NetSocket> OPEN = ConcurrentHashMap.newKeySet();
    private static NetServer server;

    private StoreProxy() {
    }

    /** Listens, unless it already does. */
    public static synchronized void restore() {
        if (server != null) {
            return;
        }
        int port = ConfigProvider.getConfig().getValue(StoreProxyPort.PORT, Integer.class);
        int target = ConfigProvider.getConfig().getValue(StoreProxyPort.TARGET_PORT, Integer.class);
        server = UpstreamStub.await(VERTX.createNetServer().connectHandler(in -> relay(in, target))
                .listen(port, "127.0.0.1").toCompletionStage().toCompletableFuture());
    }

    /** Stops listening and closes every relayed connection on both sides. */
    public static synchronized void cut() {
        if (server == null) {
            return;
        }
        UpstreamStub.await(server.close().toCompletionStage().toCompletableFuture());
        server = null;
        CompletableFuture<?>[] closing = OPEN.stream()
                .map(socket -> socket.close().toCompletionStage().toCompletableFuture())
                .toArray(CompletableFuture[]::new);
        UpstreamStub.await(CompletableFuture.allOf(closing).exceptionally(ignored -> null));
        OPEN.clear();
    }

    private static void relay(NetSocket in, int target) {
        in.pause();
        OPEN.add(in);
        in.closeHandler(ignored -> OPEN.remove(in));
        CLIENT.connect(target, "127.0.0.1").onComplete(connected -> {
            if (connected.failed()) {
                in.close();
                return;
            }
            NetSocket out = connected.result();
            OPEN.add(out);
            out.closeHandler(ignored -> {
                OPEN.remove(out);
                in.close();
            });
            in.closeHandler(ignored -> {
                OPEN.remove(in);
                out.close();
            });
            in.pipeTo(out);
            out.pipeTo(in);
        });
    }
}
