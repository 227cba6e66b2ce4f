package dev.voiceplatform.webhooks;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A webhook destination on loopback: records every request per path and answers each path from its script of
 * statuses (the last one repeats; 200 when none is set). {@link #HANG} holds the answer past any attempt timeout.
 */
public final class Receiver implements AutoCloseable {

    /** A scripted answer that answers nothing for a long while. */
    public static final int HANG = -1;

    /** A request as it arrived: header names lower-cased, the raw body. */
    public record Request(String path, Map<String, List<String>> headers, String body) {

        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? null : values.get(0);
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final Map<String, Deque<Integer>> scripts = new ConcurrentHashMap<>();
    private final Map<String, String> redirects = new ConcurrentHashMap<>();

    public Receiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** Answers {@code path} with these statuses in turn, repeating the last. */
    public Receiver answer(String path, Integer... statuses) {
        scripts.put(path, new ArrayDeque<>(List.of(statuses)));
        return this;
    }

    /** Answers {@code path} with a 302 to {@code location}. */
    public Receiver redirect(String path, String location) {
        redirects.put(path, location);
        return this;
    }

    public List<Request> at(String path) {
        return requests.stream().filter(request -> request.path().equals(path)).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String body;
        try (InputStream in = exchange.getRequestBody()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Map<String, List<String>> headers = new TreeMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values));
        requests.add(new Request(path, headers, body));
        String location = redirects.get(path);
        if (location != null) {
            exchange.getResponseHeaders().set("Location", location);
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
            return;
        }
        int status = next(path);
        if (status == HANG) {
            try {
                Thread.sleep(8_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            status = 200;
        }
        byte[] reply = (status >= 200 && status <= 299 ? "ok" : "refused with " + status)
                .getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, reply.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(reply);
        }
    }

    private int next(String path) {
        Deque<Integer> script = scripts.get(path);
        if (script == null || script.isEmpty()) {
            return 200;
        }
        synchronized (script) {
            return script.size() > 1 ? script.poll() : script.peek();
        }
    }

    /** A port on loopback that accepts connections and resets each one at once, before any answer. */
    public static ServerSocket resetting() throws IOException {
        ServerSocket socket = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            while (!socket.isClosed()) {
                try (Socket connection = socket.accept()) {
                    connection.setSoLinger(true, 0);
                    connection.getInputStream().read(new byte[1024]);
                } catch (IOException e) {
                    // closed: the test is over
                }
            }
        }, "resetting-receiver");
        acceptor.setDaemon(true);
        acceptor.start();
        return socket;
    }

    /** A loopback port nothing listens on. */
    public static int refusingPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
