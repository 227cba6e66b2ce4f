import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.access.Scopes;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Calls through the gateway, on a platform of its own (bench/calls). Two phases:
 *
 * <ol>
 *   <li>latency: one worker places {@code --latency-calls} outbound calls one after another (after a warm-up), each
 *       to another ordinary number, and the time of each POST /calls until its 201 is recorded (target p50 <= 20 ms);
 *   </li>
 *   <li>capacity: {@code --live-calls} calls to silent lines (numbers ending 0004, where a person answers and says
 *       nothing) are placed and held live for {@code --hold-seconds}; the voice runtime's heap is read (after a
 *       full collection) with none and with all of them live; then every call is hung up, and each must end
 *       {@code completed} with its duration: no error and no outcome lost (target >= 200 live calls).</li>
 * </ol>
 *
 * The organization is on the pro plan (premium tier: 300 live calls, 5,000 a day); each key may place 50 calls a
 * day, so the benchmark makes as many keys as it needs. Exits 1 when a request failed or an outcome is missing.
 */
public class Calls {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double TARGET_PLACE_P50_MS = 20;
    private static final int TARGET_LIVE_CALLS = 200;
    private static final int CALLS_PER_KEY = 50;

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI gateway;
    private final String adminToken;
    private final List<String> keys = new ArrayList<>();
    private final Map<String, Integer> placedByKey = new HashMap<>();
    private String organization;
    private int numberSequence;

    private Calls(URI gateway, String adminToken) {
        this.gateway = gateway;
        this.adminToken = adminToken;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        Calls bench = new Calls(URI.create(required(options, "gateway")), required(options, "admin-token"));
        int warmupCalls = Integer.parseInt(options.getOrDefault("warmup-calls", "20"));
        int latencyCalls = Integer.parseInt(options.getOrDefault("latency-calls", "150"));
        int liveCalls = Integer.parseInt(options.getOrDefault("live-calls", "250"));
        int holdSeconds = Integer.parseInt(options.getOrDefault("hold-seconds", "30"));
        String runtimePid = Files.readString(Path.of(required(options, "runtime-pid-file"))).trim();

        bench.organization = bench.admin("POST", "/admin/organizations",
                Map.of("name", "bench-calls-" + Long.toString(System.currentTimeMillis(), 36), "plan", "pro"))
                .path("id").asText();
        String agent = bench.publishedAgent();

        System.out.printf("Calls through the gateway: %d warm-up and %d measured placements by one worker, then %d"
                + " live calls held %d s%n", warmupCalls, latencyCalls, liveCalls, holdSeconds);
        List<String> placed = new ArrayList<>();
        for (int i = 0; i < warmupCalls; i++) {
            placed.add(bench.place(agent, bench.ordinaryNumber()).id());
        }
        long[] latencies = new long[latencyCalls];
        for (int i = 0; i < latencyCalls; i++) {
            Placed call = bench.place(agent, bench.ordinaryNumber());
            latencies[i] = call.nanos();
            placed.add(call.id());
        }
        Arrays.sort(latencies);
        System.out.println();
        System.out.println("Phase 1: POST /calls, one worker");
        System.out.printf("  calls %d, p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms%n", latencyCalls,
                percentile(latencies, 50), percentile(latencies, 90), percentile(latencies, 99),
                latencies[latencies.length - 1] / 1e6);
        System.out.println("  waiting for the phase's conversations to end (about ten seconds each)");
        Map<String, JsonNode> firstOutcomes = bench.awaitFinal(placed, Duration.ofSeconds(180));
        long firstCompleted = firstOutcomes.values().stream().filter(c -> "completed".equals(c.path("status").asText()))
                .count();
        System.out.printf("  outcomes: %d of %d calls ended, %d completed%n", firstOutcomes.size(), placed.size(),
                firstCompleted);

        long heapBefore = heapAfterFullCollection(runtimePid);
        List<String> live = new ArrayList<>();
        long placingStarted = System.nanoTime();
        for (int i = 0; i < liveCalls; i++) {
            live.add(bench.place(agent, silentNumber(i)).id());
        }
        double placingSeconds = (System.nanoTime() - placingStarted) / 1e9;
        Map<String, JsonNode> answered = bench.awaitStatus(live, "in_progress", Duration.ofSeconds(120));
        Thread.sleep(holdSeconds * 1000L);
        Map<String, JsonNode> stillLive = bench.awaitStatus(live, "in_progress", Duration.ofSeconds(5));
        long heapLive = heapAfterFullCollection(runtimePid);
        int hangupErrors = bench.hangUpAll(live);
        Map<String, JsonNode> ended = bench.awaitFinal(live, Duration.ofSeconds(120));
        long completed = ended.values().stream().filter(c -> "completed".equals(c.path("status").asText())
                && c.path("ended_at").isTextual()).count();

        System.out.println();
        System.out.println("Phase 2: live calls in one voice runtime");
        System.out.printf("  placed %d in %.1f s; answered %d; still live after %d s: %d; hang-up errors %d;"
                + " ended completed %d of %d%n", liveCalls, placingSeconds, answered.size(), holdSeconds,
                stillLive.size(), hangupErrors, completed, liveCalls);
        System.out.printf("  runtime heap after a full collection: %.1f MiB idle, %.1f MiB with %d live calls: %.1f KiB"
                + " per live call%n", heapBefore / 1048576.0, heapLive / 1048576.0, stillLive.size(),
                stillLive.isEmpty() ? Double.NaN : (heapLive - heapBefore) / 1024.0 / stillLive.size());

        System.out.println();
        System.out.println("Against the targets:");
        verdict("POST /calls p50 (one worker)", percentile(latencies, 50), "<=", TARGET_PLACE_P50_MS, "ms");
        verdict("live calls held in one runtime with no error and no outcome lost",
                stillLive.size() == liveCalls && completed == liveCalls && hangupErrors == 0 ? stillLive.size() : 0,
                ">=", TARGET_LIVE_CALLS, "calls");
        boolean healthy = firstOutcomes.size() == placed.size() && stillLive.size() == liveCalls
                && completed == liveCalls && hangupErrors == 0;
        if (!healthy) {
            System.out.println("some calls failed or lost their outcome; the figures are not of a healthy run");
            System.exit(1);
        }
    }

    private static void verdict(String what, double value, String relation, double target, String unit) {
        boolean met = ">=".equals(relation) ? value >= target : value <= target;
        System.out.printf("  %-66s %8.1f %s (target %s %.0f): %s%n", what, value, unit, relation, target,
                met ? "met" : "MISSED");
    }

    record Placed(String id, long nanos) {
    }

    /** A published agent whose silent callers stay on the line: no silence handling, the longest duration. */
    private String publishedAgent() throws IOException, InterruptedException {
        String key = keyWithRoom();
        String agent = send(key, "POST", "/v1/agents", Map.of("name", "Bench desk",
                "prompt", "You answer the phone for a dental practice.", "greeting", "Hello, this is the front desk."),
                201).path("id").asText();
        send(key, "PATCH", "/v1/agents/" + agent + "/config", Map.of("enableSilenceDetection", false,
                "maxCallDurationSeconds", 7200), 200);
        send(key, "POST", "/v1/agents/" + agent + "/publish", null, 200);
        return agent;
    }

    private Placed place(String agent, String to) throws IOException, InterruptedException {
        String key = keyWithRoom();
        long started = System.nanoTime();
        JsonNode call = send(key, "POST", "/v1/calls", Map.of("to", to, "agent_id", agent), 201);
        long nanos = System.nanoTime() - started;
        placedByKey.merge(key, 1, Integer::sum);
        return new Placed(call.path("id").asText(), nanos);
    }

    /** A key with calls left today; a new one when the last is used up (50 calls per key per day). */
    private String keyWithRoom() throws IOException, InterruptedException {
        if (keys.isEmpty() || placedByKey.getOrDefault(keys.get(keys.size() - 1), 0) >= CALLS_PER_KEY) {
            keys.add(admin("POST", "/admin/organizations/" + organization + "/keys",
                    Map.of("name", "bench", "scopes", Scopes.ALL)).path("key").asText());
        }
        return keys.get(keys.size() - 1);
    }

    /** Ordinary lines (a full conversation): never ending in 0001 to 0006, never the same number twice. */
    private String ordinaryNumber() {
        numberSequence++;
        return String.format("+1415%03d%04d", 200 + numberSequence / 9000, 100 + numberSequence % 9000);
    }

    /** Silent lines: the last four digits 0004 decide the line, the area code and exchange keep them apart. */
    private static String silentNumber(int i) {
        return String.format("+1%03d%03d0004", 201 + i / 800, 200 + i % 800);
    }

    private Map<String, JsonNode> awaitFinal(List<String> ids, Duration limit) throws Exception {
        return await(ids, call -> List.of("completed", "missed", "failed").contains(call.path("status").asText()),
                limit);
    }

    private Map<String, JsonNode> awaitStatus(List<String> ids, String status, Duration limit) throws Exception {
        return await(ids, call -> status.equals(call.path("status").asText()), limit);
    }

    /** Reads every call until each satisfies {@code done} or the limit passes; the calls that did, by id. */
    private Map<String, JsonNode> await(List<String> ids, java.util.function.Predicate<JsonNode> done, Duration limit)
            throws Exception {
        Map<String, JsonNode> reached = new ConcurrentHashMap<>();
        long deadline = System.nanoTime() + limit.toNanos();
        String reader = keys.get(0);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            while (true) {
                List<Future<?>> reads = new ArrayList<>();
                for (String id : ids) {
                    if (!reached.containsKey(id)) {
                        reads.add(pool.submit(() -> {
                            JsonNode call = send(reader, "GET", "/v1/calls/" + id, null, 200);
                            if (done.test(call)) {
                                reached.put(id, call);
                            }
                            return null;
                        }));
                    }
                }
                for (Future<?> read : reads) {
                    read.get();
                }
                if (reached.size() == ids.size() || System.nanoTime() > deadline) {
                    return reached;
                }
                Thread.sleep(500);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private int hangUpAll(List<String> ids) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Integer>> answers = new ArrayList<>();
        for (String id : ids) {
            answers.add(pool.submit(() -> {
                HttpResponse<String> answer = http.send(request(keys.get(0), "POST", "/v1/calls/" + id + "/hangup", null),
                        HttpResponse.BodyHandlers.ofString());
                return answer.statusCode() == 200 && JSON.readTree(answer.body()).path("teardown_ok").asBoolean() ? 0 : 1;
            }));
        }
        int errors = 0;
        for (Future<Integer> answer : answers) {
            errors += answer.get();
        }
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.SECONDS);
        return errors;
    }

    /** The runtime's used heap after a full collection, from the JDK's own diagnostic command. */
    private static long heapAfterFullCollection(String pid) throws IOException, InterruptedException {
        run("jcmd", pid, "GC.run");
        String info = run("jcmd", pid, "GC.heap_info");
        Matcher used = Pattern.compile("used (\\d+)K").matcher(info);
        if (!used.find()) {
            throw new IllegalStateException("jcmd GC.heap_info said: " + info);
        }
        return Long.parseLong(used.group(1)) * 1024;
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
        return output;
    }

    private JsonNode admin(String method, String path, Object body) throws IOException, InterruptedException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(gateway.resolve(path)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + adminToken).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        HttpResponse<String> answer = http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() / 100 != 2) {
            throw new IllegalStateException(method + " " + path + " answered " + answer.statusCode() + ": "
                    + answer.body());
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
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .build();
    }

    private static double percentile(long[] sorted, int p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, index)] / 1e6;
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
