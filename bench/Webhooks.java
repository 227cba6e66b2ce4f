import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.voiceplatform.common.access.Scopes;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Account-wide webhook delivery on a platform of its own (bench/webhooks). Leads are created through the gateway at a
 * paced rate; the organization has three subscriptions to lead.created, all pointing at a receiver on loopback that
 * answers 204 and notes when each delivery arrived. Two phases:
 *
 * <ol>
 *   <li>latency: {@code --rate} creates a second for {@code --seconds}; the time from each event's
 *       {@code timestamp} (when the lead's change was committed) to the arrival of its delivery, p50 and p99
 *       (targets p50 <= 50 ms, p99 <= 250 ms at 500 events a second fanned out to 3 subscriptions);</li>
 *   <li>kill: {@code --kill-rate} creates a second for {@code --kill-seconds}; a third of the way in the webhooks
 *       service is killed with kill -9 and restarted with ./platform up; every event must then arrive at every
 *       subscription, and none twice (the receiver answered 2xx to all).</li>
 * </ol>
 * Exits 1 when a delivery is missing or duplicated, or a create failed.
 */
public class Webhooks {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double TARGET_P50_MS = 50;
    private static final double TARGET_P99_MS = 250;
    private static final List<String> PATHS = List.of("/one", "/two", "/three");

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).executor(Executors.newFixedThreadPool(64)).build();
    private final URI gateway;
    /** Arrivals by subscription path and X-Webhook-ID: the arrival time and the event's lead id. */
    private final Map<String, Arrival> arrivals = new ConcurrentHashMap<>();
    private final LongAdder repeatedArrivals = new LongAdder();

    record Arrival(String leadId, long latencyMicros) {
    }

    private Webhooks(URI gateway) {
        this.gateway = gateway;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        Webhooks bench = new Webhooks(URI.create(required(options, "gateway")));
        String adminToken = required(options, "admin-token");
        int rate = Integer.parseInt(options.getOrDefault("rate", "500"));
        int seconds = Integer.parseInt(options.getOrDefault("seconds", "20"));
        int killRate = Integer.parseInt(options.getOrDefault("kill-rate", "100"));
        int killSeconds = Integer.parseInt(options.getOrDefault("kill-seconds", "30"));
        Path root = Path.of(required(options, "root"));
        Path home = Path.of(required(options, "home"));

        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
        receiver.setExecutor(Executors.newFixedThreadPool(16));
        for (String path : PATHS) {
            receiver.createContext(path, exchange -> {
                long arrived = System.currentTimeMillis() * 1000 + (System.nanoTime() / 1000) % 1000;
                byte[] body = exchange.getRequestBody().readAllBytes();
                String id = exchange.getRequestHeaders().getFirst("X-Webhook-ID");
                JsonNode envelope = JSON.readTree(body);
                Instant occurred = Instant.parse(envelope.path("timestamp").asText());
                long latency = arrived - (occurred.getEpochSecond() * 1_000_000 + occurred.getNano() / 1000);
                Arrival first = bench.arrivals.putIfAbsent(path + " " + id,
                        new Arrival(envelope.path("data").path("lead").path("id").asText(), latency));
                if (first != null) {
                    bench.repeatedArrivals.increment();
                }
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
            });
        }
        receiver.start();
        String receiverBase = "http://127.0.0.1:" + receiver.getAddress().getPort();

        String organization = bench.admin(adminToken, "/admin/organizations",
                Map.of("name", "bench-webhooks-" + Long.toString(System.currentTimeMillis(), 36), "plan", "pro"))
                .path("id").asText();
        String key = bench.admin(adminToken, "/admin/organizations/" + organization + "/keys",
                Map.of("name", "bench", "scopes", Scopes.ALL)).path("key").asText();
        String agent = bench.send(key, "POST", "/v1/agents", Map.of("name", "Bench desk",
                "prompt", "You answer the phone."), 201).path("id").asText();
        for (String path : PATHS) {
            bench.send(key, "POST", "/v1/webhooks", Map.of("url", receiverBase + path,
                    "events", List.of("lead.created")), 201);
        }

        System.out.printf("Webhook delivery: %d lead creates a second for %d s to 3 subscriptions, then %d a second for"
                + " %d s with a kill -9 of the webhooks service%n", rate, seconds, killRate, killSeconds);
        Load latencyLoad = bench.load(key, agent, rate, Duration.ofSeconds(seconds), null);
        Set<String> latencyLeads = latencyLoad.leads();
        bench.awaitDeliveries(latencyLeads, Duration.ofSeconds(120));
        long[] latencies = bench.arrivals.values().stream().filter(a -> latencyLeads.contains(a.leadId()))
                .mapToLong(Arrival::latencyMicros).sorted().toArray();
        System.out.println();
        System.out.println("Phase 1: latency from the event's commit to its arrival");
        System.out.printf("  creates %d (%.0f a second achieved, %d failed); deliveries %d of %d; p50 %.1f ms,"
                + " p90 %.1f ms, p99 %.1f ms, max %.1f ms%n", latencyLeads.size(), latencyLoad.perSecond(),
                latencyLoad.failed(), latencies.length, latencyLeads.size() * PATHS.size(),
                percentile(latencies, 50), percentile(latencies, 90), percentile(latencies, 99),
                latencies.length == 0 ? Double.NaN : latencies[latencies.length - 1] / 1000.0);

        Path pidFile = home.resolve("pids/webhooks.pid");
        Runnable killAndRestart = () -> {
            try {
                String pid = Files.readString(pidFile).trim();
                new ProcessBuilder("kill", "-9", pid).inheritIO().start().waitFor();
                System.out.printf("    killed the webhooks service (pid %s); restarting it with ./platform up%n", pid);
                long started = System.nanoTime();
                Process up = new ProcessBuilder(root.resolve("platform").toString(), "up")
                        .redirectErrorStream(true).redirectOutput(home.resolve("restart.log").toFile()).start();
                int exit = up.waitFor();
                System.out.printf("    ./platform up exited %d after %.1f s%n", exit, (System.nanoTime() - started) / 1e9);
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        };
        Load killLoad = bench.load(key, agent, killRate, Duration.ofSeconds(killSeconds), killAndRestart);
        Set<String> killLeads = killLoad.leads();
        int delivered = bench.awaitDeliveries(killLeads, Duration.ofSeconds(180));
        System.out.println();
        System.out.println("Phase 2: kill -9 of the webhooks service under load");
        System.out.printf("  creates %d (%d failed); deliveries %d of %d; missing %d; delivered twice to a receiver"
                + " that answered 2xx: %d%n", killLeads.size(), killLoad.failed(), delivered,
                killLeads.size() * PATHS.size(), killLeads.size() * PATHS.size() - delivered,
                bench.repeatedArrivals.sum());

        System.out.println();
        System.out.println("Against the targets:");
        verdict("event rate fanned out (phase 1)", latencyLoad.perSecond(), ">=", rate, "events/s");
        verdict("commit to arrival p50", percentile(latencies, 50), "<=", TARGET_P50_MS, "ms");
        verdict("commit to arrival p99", percentile(latencies, 99), "<=", TARGET_P99_MS, "ms");
        verdict("deliveries missing after the kill", killLeads.size() * PATHS.size() - delivered, "<=", 0, "");
        verdict("deliveries repeated to a 2xx receiver", bench.repeatedArrivals.sum(), "<=", 0, "");
        receiver.stop(0);
        boolean healthy = latencyLoad.failed() + killLoad.failed() == 0
                && latencies.length == latencyLeads.size() * PATHS.size()
                && delivered == killLeads.size() * PATHS.size() && bench.repeatedArrivals.sum() == 0;
        System.exit(healthy ? 0 : 1);
    }

    record Load(Set<String> leads, long failed, double perSecond) {
    }

    /**
     * Creates leads at {@code rate} a second for {@code length}, open loop (each create is sent on its schedule,
     * whether or not the earlier ones were answered), and runs {@code midway} a third of the way in.
     */
    private Load load(String key, String agent, int rate, Duration length, Runnable midway) throws Exception {
        Set<String> leads = ConcurrentHashMap.newKeySet();
        LongAdder failed = new LongAdder();
        AtomicLong inFlight = new AtomicLong();
        long started = System.nanoTime();
        long total = (long) rate * length.toSeconds();
        Thread midwayThread = null;
        List<java.util.concurrent.CompletableFuture<?>> sent = new ArrayList<>();
        for (long i = 0; i < total; i++) {
            long due = started + i * 1_000_000_000L / rate;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            if (midway != null && midwayThread == null && i >= total / 3) {
                midwayThread = new Thread(midway);
                midwayThread.start();
            }
            inFlight.incrementAndGet();
            sent.add(http.sendAsync(request(key, "POST", "/v1/leads", Map.of("name", "Bench lead " + i,
                            "phone", "+14155550" + String.format("%03d", i % 1000), "agent_id", agent)),
                    HttpResponse.BodyHandlers.ofString()).handle((answer, failure) -> {
                        inFlight.decrementAndGet();
                        if (failure == null && answer.statusCode() == 201) {
                            try {
                                leads.add(JSON.readTree(answer.body()).path("id").asText());
                            } catch (IOException e) {
                                failed.increment();
                            }
                        } else {
                            failed.increment();
                        }
                        return null;
                    }));
        }
        for (java.util.concurrent.CompletableFuture<?> future : sent) {
            future.join();
        }
        double took = (System.nanoTime() - started) / 1e9;
        if (midwayThread != null) {
            midwayThread.join();
        }
        return new Load(leads, failed.sum(), leads.size() / took);
    }

    /** Waits until every lead's event reached every subscription, or the limit; the deliveries that arrived. */
    private int awaitDeliveries(Set<String> leads, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            int arrived = (int) arrivals.values().stream().filter(a -> leads.contains(a.leadId())).count();
            if (arrived >= leads.size() * PATHS.size() || System.nanoTime() > deadline) {
                return arrived;
            }
            Thread.sleep(200);
        }
    }

    private static void verdict(String what, double value, String relation, double target, String unit) {
        boolean met = ">=".equals(relation) ? value >= target : value <= target;
        System.out.printf("  %-46s %10.1f %s (target %s %.0f): %s%n", what, value, unit, relation, target,
                met ? "met" : "MISSED");
    }

    private JsonNode admin(String token, String path, Object body) throws IOException, InterruptedException {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(gateway.resolve(path))
                        .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() / 100 != 2) {
            throw new IllegalStateException("POST " + path + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return JSON.readTree(answer.body());
    }

    private JsonNode send(String key, String method, String path, Object body, int expected)
            throws IOException, InterruptedException {
        HttpResponse<String> answer = http.send(request(key, method, path, body), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != expected) {
            throw new IllegalStateException(method + " " + path + " answered " + answer.statusCode() + ": "
                    + answer.body());
        }
        return JSON.readTree(answer.body());
    }

    private HttpRequest request(String key, String method, String path, Object body) throws IOException {
        return HttpRequest.newBuilder(gateway.resolve(path)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build();
    }

    private static double percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, index)] / 1000.0;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --option value, got " + args[i]);
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return value;
    }
}
