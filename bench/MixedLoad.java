import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.access.Scopes;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Mixed load through the gateway, as many clients of one organization make it, with a second organization reading
 * at the same time. Two phases, each after a warm-up:
 *
 * <ol>
 *   <li>the mix: {@code --connections} workers of organization A, 60% reads (an agent, the agent list, a lead) and
 *       40% writes (create an agent, rename an agent, create a lead);</li>
 *   <li>a create storm: the same workers of organization A only create agents.</li>
 * </ol>
 *
 * In both, one worker of organization B reads one of its agents in a loop: its latency shows whether one tenant's
 * load stalls another. Prints requests per second and p50/p99 per operation against the targets, and exits 1 when
 * a request failed (any answer other than the one expected), so the figures are never of a broken run.
 *
 * <p>Run by bench/load, which starts a platform of its own, or by hand against a running one:
 * {@code java -cp <platform-common> bench/MixedLoad.java --gateway http://127.0.0.1:8080 --admin-token ...}.
 * Organization A is created with an agent limit no run reaches, so creates are never refused by the plan.
 */
public class MixedLoad {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Targets of this 2-core machine. */
    private static final double TARGET_MIX_PER_SECOND = 1500;
    private static final double TARGET_MIX_P99_MS = 100;
    private static final double TARGET_OTHER_TENANT_P99_MS = 20;

    private final HttpClient http;
    private final URI gateway;
    /** Failed requests by operation and answer, over the whole run, printed at the end. */
    private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();

    private MixedLoad(HttpClient http, URI gateway) {
        this.http = http;
        this.gateway = gateway;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        URI gateway = URI.create(required(options, "gateway"));
        String adminToken = required(options, "admin-token");
        int connections = Integer.parseInt(options.getOrDefault("connections", "50"));
        Duration warmup = Duration.ofSeconds(Long.parseLong(options.getOrDefault("warmup-seconds", "10")));
        Duration measured = Duration.ofSeconds(Long.parseLong(options.getOrDefault("seconds", "30")));
        long maxRequests = Long.parseLong(options.getOrDefault("max-requests", "1000000"));

        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        MixedLoad load = new MixedLoad(http, gateway);
        String suffix = Long.toString(System.currentTimeMillis(), 36);
        Tenant busy = load.tenant(adminToken, "load-a-" + suffix);
        Tenant other = load.tenant(adminToken, "load-b-" + suffix);
        for (int i = 0; i < Math.max(20, connections); i++) {
            busy.agents.add(load.createAgent(busy, "Seed desk " + i));
        }
        for (int i = 0; i < 20; i++) {
            busy.leads.add(load.createLead(busy, busy.agents.get(i)));
        }
        String otherAgent = load.createAgent(other, "Other desk");

        Map<String, Operation> mix = new LinkedHashMap<>();
        mix.put("GET /agents/{id}", new Operation(35, 200, worker -> load.get(busy, "/v1/agents/" + busy.anyAgent())));
        mix.put("GET /agents", new Operation(10, 200, worker -> load.get(busy, "/v1/agents?limit=20")));
        mix.put("GET /leads/{id}", new Operation(15, 200, worker -> load.get(busy, "/v1/leads/" + busy.anyLead())));
        mix.put("POST /agents", new Operation(15, 201, worker -> load.createAgentRequest(busy, "Load desk")));
        mix.put("PATCH /agents/{id}", new Operation(15, 200, worker -> load.patch(busy, "/v1/agents/" + busy.agents.get(worker),
                "{\"name\":\"Renamed " + ThreadLocalRandom.current().nextInt(1000) + "\"}")));
        mix.put("POST /leads", new Operation(10, 201, worker -> load.createLeadRequest(busy, busy.anyAgent())));
        Map<String, Operation> storm = Map.of(
                "POST /agents", new Operation(100, 201, worker -> load.createAgentRequest(busy, "Storm desk")));
        Operation otherRead = new Operation(100, 200, worker -> load.get(other, "/v1/agents/" + otherAgent));

        System.out.printf("Mixed load through the gateway: %d connections of organization A, 1 of organization B;"
                + " %d s warm-up and %d s measured per phase, at most %d requests%n", connections, warmup.toSeconds(),
                measured.toSeconds(), maxRequests);
        load.run(mix, otherRead, connections, warmup, maxRequests);
        Report mixed = load.run(mix, otherRead, connections, measured, maxRequests);
        load.run(storm, otherRead, connections, warmup, maxRequests);
        Report storming = load.run(storm, otherRead, connections, measured, maxRequests);

        System.out.println();
        System.out.println("Phase 1: the mix (60% reads, 40% writes), organization A");
        mixed.print();
        System.out.println();
        System.out.println("Phase 2: organization A only creates agents");
        storming.print();
        System.out.println();
        System.out.println("Against the targets:");
        verdict("mix throughput", mixed.perSecond(), ">=", TARGET_MIX_PER_SECOND, "req/s");
        verdict("mix p99", mixed.percentile(99), "<=", TARGET_MIX_P99_MS, "ms");
        verdict("organization B read p99 during the mix", mixed.other().percentile(99), "<=",
                TARGET_OTHER_TENANT_P99_MS, "ms");
        verdict("organization B read p99 during the create storm", storming.other().percentile(99), "<=",
                TARGET_OTHER_TENANT_P99_MS, "ms");
        load.failures.forEach((what, count) -> System.out.printf("  failed: %s, %d times%n", what, count.sum()));
        if (mixed.errorCount() + storming.errorCount() > 0) {
            System.out.println("some requests failed; the figures are not of a healthy run");
            System.exit(1);
        }
    }

    private static void verdict(String what, double value, String relation, double target, String unit) {
        boolean met = ">=".equals(relation) ? value >= target : value <= target;
        System.out.printf("  %-50s %10.1f %s (target %s %.0f): %s%n", what, value, unit, relation, target,
                met ? "met" : "MISSED");
    }

    /** One kind of request: its share of the mix, the status that counts as success, and how to build it. */
    record Operation(int weight, int expectedStatus, RequestMaker request) {
    }

    /** Builds the request a worker sends next; each worker has its own agent to rename, as separate clients would. */
    @FunctionalInterface
    interface RequestMaker {
        HttpRequest make(int worker);
    }

    /** An organization with a key, and the agents and leads it has, for requests to pick from. */
    static final class Tenant {
        final String key;
        final List<String> agents = new CopyOnWriteArrayList<>();
        final List<String> leads = new CopyOnWriteArrayList<>();

        Tenant(String key) {
            this.key = key;
        }

        String anyAgent() {
            return agents.get(ThreadLocalRandom.current().nextInt(agents.size()));
        }

        String anyLead() {
            return leads.get(ThreadLocalRandom.current().nextInt(leads.size()));
        }
    }

    /** Latencies (nanoseconds) per operation of one phase, the other tenant's reads, errors, and wall time. */
    record Report(Map<String, long[]> latencies, Map<String, Long> errors, Latencies other, Duration took) {

        long total() {
            return latencies.values().stream().mapToLong(values -> values.length).sum();
        }

        long errorCount() {
            return errors.values().stream().mapToLong(Long::longValue).sum();
        }

        double perSecond() {
            return total() / (took.toNanos() / 1e9);
        }

        double percentile(int p) {
            return new Latencies(latencies.values().stream().flatMapToLong(Arrays::stream).sorted().toArray(), 0)
                    .percentile(p);
        }

        void print() {
            System.out.printf("  %-30s %10s %8s %10s %10s %10s%n", "operation", "requests", "errors", "req/s",
                    "p50 ms", "p99 ms");
            double seconds = took.toNanos() / 1e9;
            latencies.forEach((name, values) -> {
                Latencies sorted = new Latencies(values, errors.getOrDefault(name, 0L));
                System.out.printf("  %-30s %10d %8d %10.0f %10.2f %10.2f%n", name, values.length, sorted.errors(),
                        values.length / seconds, sorted.percentile(50), sorted.percentile(99));
            });
            Latencies all = new Latencies(latencies.values().stream().flatMapToLong(Arrays::stream).sorted()
                    .toArray(), errorCount());
            System.out.printf("  %-30s %10d %8d %10.0f %10.2f %10.2f%n", "all of organization A", all.values().length,
                    all.errors(), all.values().length / seconds, all.percentile(50), all.percentile(99));
            System.out.printf("  %-30s %10d %8d %10.0f %10.2f %10.2f%n", "organization B: GET /agents/{id}",
                    other.values().length, other.errors(), other.values().length / seconds, other.percentile(50),
                    other.percentile(99));
        }
    }

    /** Sorted latencies in nanoseconds, read in milliseconds. */
    record Latencies(long[] values, long errors) {

        double percentile(int p) {
            if (values.length == 0) {
                return Double.NaN;
            }
            long[] sorted = values.clone();
            Arrays.sort(sorted);
            int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
            return sorted[Math.max(0, index)] / 1e6;
        }
    }

    private Report run(Map<String, Operation> operations, Operation otherRead, int connections, Duration length,
            long maxRequests) throws InterruptedException {
        List<String> names = new ArrayList<>(operations.keySet());
        int[] cumulative = new int[names.size()];
        int sum = 0;
        for (int i = 0; i < names.size(); i++) {
            sum += operations.get(names.get(i)).weight();
            cumulative[i] = sum;
        }
        int totalWeight = sum;
        AtomicLong budget = new AtomicLong(maxRequests);
        Map<String, LongAdder> errors = new ConcurrentHashMap<>();
        Map<String, List<long[]>> recorded = new ConcurrentHashMap<>();
        long started = System.nanoTime();
        long deadline = started + length.toNanos();
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < connections; w++) {
            int worker = w;
            workers.add(new Thread(() -> {
                Map<String, Recorder> mine = new HashMap<>();
                while (System.nanoTime() < deadline && budget.getAndDecrement() > 0) {
                    int pick = ThreadLocalRandom.current().nextInt(totalWeight);
                    int index = 0;
                    while (cumulative[index] <= pick) {
                        index++;
                    }
                    String name = names.get(index);
                    int status = timed(operations.get(name), worker, mine.computeIfAbsent(name, n -> new Recorder()));
                    if (status != operations.get(name).expectedStatus()) {
                        errors.computeIfAbsent(name, n -> new LongAdder()).increment();
                        failures.computeIfAbsent(name + " answered " + (status < 0 ? "no answer" : status),
                                n -> new LongAdder()).increment();
                    }
                }
                mine.forEach((name, recorder) -> recorded.computeIfAbsent(name, n -> new CopyOnWriteArrayList<>())
                        .add(recorder.values()));
            }, "load-" + w));
        }
        Recorder otherRecorder = new Recorder();
        LongAdder otherErrors = new LongAdder();
        Thread otherWorker = new Thread(() -> {
            while (System.nanoTime() < deadline) {
                if (timed(otherRead, 0, otherRecorder) != otherRead.expectedStatus()) {
                    otherErrors.increment();
                }
            }
        }, "other-tenant");
        workers.add(otherWorker);
        workers.forEach(Thread::start);
        for (Thread worker : workers) {
            worker.join();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        Map<String, long[]> latencies = new LinkedHashMap<>();
        Map<String, Long> errorCounts = new LinkedHashMap<>();
        for (String name : names) {
            latencies.put(name, recorded.getOrDefault(name, List.of()).stream().flatMapToLong(Arrays::stream)
                    .toArray());
            errorCounts.put(name, errors.containsKey(name) ? errors.get(name).sum() : 0L);
        }
        return new Report(latencies, errorCounts, new Latencies(otherRecorder.values(), otherErrors.sum()), took);
    }

    /** Sends one request and records its latency when it succeeded; its status, or -1 when none came. */
    private int timed(Operation operation, int worker, Recorder recorder) {
        long sent = System.nanoTime();
        try {
            HttpResponse<String> response = http.send(operation.request().make(worker), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == operation.expectedStatus()) {
                recorder.add(System.nanoTime() - sent);
            }
            return response.statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** A growing array of latencies owned by one worker thread. */
    static final class Recorder {
        private long[] values = new long[4096];
        private int count;

        synchronized void add(long value) {
            if (count == values.length) {
                values = Arrays.copyOf(values, values.length * 2);
            }
            values[count++] = value;
        }

        synchronized long[] values() {
            return Arrays.copyOf(values, count);
        }
    }

    private Tenant tenant(String adminToken, String name) throws Exception {
        String organizationId = JSON.readTree(send(HttpRequest.newBuilder(gateway.resolve("/admin/organizations"))
                .header("Authorization", "Bearer " + adminToken).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("name", name,
                        "plan", "enterprise", "max_agents", 1_000_000))))
                .build(), 201)).path("id").asText();
        String key = JSON.readTree(send(HttpRequest.newBuilder(gateway.resolve(
                        "/admin/organizations/" + organizationId + "/keys"))
                .header("Authorization", "Bearer " + adminToken).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("name", "load",
                        "scopes", Scopes.ALL))))
                .build(), 201)).path("key").asText();
        return new Tenant(key);
    }

    private String createAgent(Tenant tenant, String name) throws Exception {
        return JSON.readTree(send(createAgentRequest(tenant, name), 201)).path("id").asText();
    }

    private String createLead(Tenant tenant, String agentId) throws Exception {
        return JSON.readTree(send(createLeadRequest(tenant, agentId), 201)).path("id").asText();
    }

    private HttpRequest createAgentRequest(Tenant tenant, String name) {
        return json(tenant, "/v1/agents").POST(HttpRequest.BodyPublishers.ofString(
                "{\"name\":\"" + name + "\",\"prompt\":\"You answer the phone for a dental practice.\"}")).build();
    }

    private HttpRequest createLeadRequest(Tenant tenant, String agentId) {
        return json(tenant, "/v1/leads").POST(HttpRequest.BodyPublishers.ofString(
                "{\"name\":\"Dana Levi\",\"phone\":\"+972502345678\",\"agent_id\":\"" + agentId + "\"}")).build();
    }

    private HttpRequest get(Tenant tenant, String path) {
        return HttpRequest.newBuilder(gateway.resolve(path)).header("Authorization", "Bearer " + tenant.key).build();
    }

    private HttpRequest patch(Tenant tenant, String path, String body) {
        return json(tenant, path).method("PATCH", HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private HttpRequest.Builder json(Tenant tenant, String path) {
        return HttpRequest.newBuilder(gateway.resolve(path)).header("Authorization", "Bearer " + tenant.key)
                .header("Content-Type", "application/json");
    }

    private String send(HttpRequest request, int expected) throws Exception {
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != expected) {
            throw new IllegalStateException(request.method() + " " + request.uri() + " answered "
                    + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("options are --name value pairs; got " + args[i]);
            }
            options.put(args[i].substring(2), args[++i]);
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
