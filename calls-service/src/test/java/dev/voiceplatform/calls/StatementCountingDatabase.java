package dev.voiceplatform.calls;

import dev.voiceplatform.testing.PlatformTestResources;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetSocket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The platform's test database, with the service's requests (its reactive connections) passed through a relay that
 * keeps what the service sends, so a test can count the statements a request made: each statement's text goes to
 * PostgreSQL once per execution.
 */
public class StatementCountingDatabase extends PlatformTestResources {

    private static final Pattern REACTIVE_URL = Pattern.compile("postgresql://([^:/]+):(\\d+)/(.+)");
    /** What each connection sent since the last {@link #clear()}, as ISO-8859-1 text. */
    private static final List<StringBuilder> SENT = new CopyOnWriteArrayList<>();
    private Vertx vertx;

    @Override
    public Map<String, String> start() {
        Map<String, String> config = new HashMap<>(super.start());
        Matcher url = REACTIVE_URL.matcher(config.get("quarkus.datasource.reactive.url"));
        if (!url.matches()) {
            throw new IllegalStateException("unexpected reactive url " + config.get("quarkus.datasource.reactive.url"));
        }
        String host = url.group(1);
        int port = Integer.parseInt(url.group(2));
        vertx = Vertx.vertx();
        NetServer relay = vertx.createNetServer().connectHandler(in -> relay(in, host, port));
        try {
            relay.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the relay did not start", e);
        }
        config.put("quarkus.datasource.reactive.url", "postgresql://127.0.0.1:" + relay.actualPort() + "/" + url.group(3));
        return config;
    }

    @Override
    public void stop() {
        if (vertx != null) {
            vertx.close();
        }
        super.stop();
    }

    /** Forgets what was sent so far. */
    public static void clear() {
        SENT.forEach(sent -> {
            synchronized (sent) {
                sent.setLength(0);
            }
        });
    }

    /** How many times the service sent {@code text} since the last {@link #clear()}. */
    public static long sent(String text) {
        long count = 0;
        for (StringBuilder sent : SENT) {
            synchronized (sent) {
                for (int at = sent.indexOf(text); at >= 0; at = sent.indexOf(text, at + text.length())) {
                    count++;
                }
            }
        }
        return count;
    }

    private void relay(NetSocket in, String host, int port) {
        in.pause();
        StringBuilder sent = new StringBuilder();
        SENT.add(sent);
        vertx.createNetClient().connect(port, host).onComplete(connected -> {
            if (connected.failed()) {
                in.close();
                return;
            }
            NetSocket out = connected.result();
            in.handler(bytes -> {
                synchronized (sent) {
                    sent.append(bytes.toString(StandardCharsets.ISO_8859_1));
                }
                out.write(bytes);
            });
            out.handler(in::write);
            in.closeHandler(ignored -> out.close());
            out.closeHandler(ignored -> in.close());
            in.resume();
        });
    }
}
