import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.voiceplatform.common.security.InternalTokenIssuer;
import dev.voiceplatform.common.security.KeyPems;
import dev.voiceplatform.common.tenancy.KeyKind;
import dev.voiceplatform.common.tenancy.PlanFacts;
import dev.voiceplatform.common.tenancy.Tenant;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Gateway overhead: the same request, GET /agents/{id}, sent straight to the agents service (with an internal token
 * minted exactly as the gateway mints it) and through the gateway (with the API key), by a fixed number of
 * concurrent workers, after a warm-up, each run bounded in time and in requests. Prints requests per second and
 * p50/p99 latency of both and the ratios.
 *
 * <p>Run by bench/run, which starts a platform, or by hand:
 * {@code java -cp <platform-common and its dependencies> bench/GatewayOverhead.java --gateway http://127.0.0.1:8080
 * --agents http://127.0.0.1:8081 --key svc_live_... --admin-token ... --signing-key .platform/keys/internal-jwt.key.pem}
 */
public class GatewayOverhead {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        URI gateway = URI.create(required(options, "gateway"));
        URI agents = URI.create(required(options, "agents"));
        String key = required(options, "key");
        String adminToken = required(options, "admin-token");
        PrivateKey signingKey = KeyPems.privateKey(Files.readString(Path.of(required(options, "signing-key"))));
        String issuer = options.getOrDefault("issuer", "voice-platform");
        // One table per level: 1 worker shows the latency a single caller sees, 8 saturate this machine's cores.
        int[] levels = Arrays.stream(options.getOrDefault("concurrency", "1,8").split(","))
                .mapToInt(level -> Integer.parseInt(level.strip())).toArray();
        Duration warmup = Duration.ofSeconds(Long.parseLong(options.getOrDefault("warmup-seconds", "10")));
        Duration measured = Duration.ofSeconds(Long.parseLong(options.getOrDefault("seconds", "20")));
        long maxRequests = Long.parseLong(options.getOrDefault("max-requests", "200000"));

        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();

        // The agent both targets read, created through the public API like any caller would.
        String agentId = JSON.readTree(send(http, HttpRequest.newBuilder(gateway.resolve("/v1/agents"))
                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Bench desk\",\"prompt\":\"You answer the phone.\"}"))
                .build(), 201)).path("id").asText();

        // The key's tenant, exactly as the gateway puts it in the internal token: /me and the admin API tell it.
        JsonNode me = JSON.readTree(send(http, HttpRequest.newBuilder(gateway.resolve("/v1/me"))
                .header("Authorization", "Bearer " + key).build(), 200));
        String organizationId = me.path("organization_id").asText();
        JsonNode organization = organization(http, gateway, adminToken, organizationId);
        Set<String> scopes = new LinkedHashSet<>();
        me.path("scopes").forEach(scope -> scopes.add(scope.asText()));
        Set<String> entitlements = new LinkedHashSet<>();
        organization.path("entitlements").forEach(entitlement -> entitlements.add(entitlement.asText()));
        String status = organization.path("status").asText();
        Tenant tenant = new Tenant(UUID.fromString(organizationId), me.path("key_id").asText(),
                KeyKind.fromWire(organization.path("kind").asText()), scopes,
                new PlanFacts(me.path("rate_limit_tier").asText(), organization.path("max_agents").asInt(), status,
                        entitlements, "active".equals(status)));
        // Tokens live 60 seconds and are addressed to the agents service; a fresh one is minted every 20.
        AtomicReference<String> token = new AtomicReference<>();
        Thread minter = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                token.set(InternalTokenIssuer.tenantClaims(issuer, tenant, "agents", Instant.now()).jws().sign(signingKey));
                try {
                    Thread.sleep(20_000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "token-minter");
        minter.setDaemon(true);
        minter.start();
        while (token.get() == null) {
            Thread.sleep(10);
        }

        Supplier<HttpRequest> direct = () -> HttpRequest.newBuilder(agents.resolve("/agents/" + agentId))
                .header("Authorization", "Bearer " + token.get()).header("X-Correlation-ID", "bench").build();
        Supplier<HttpRequest> throughGateway = () -> HttpRequest.newBuilder(gateway.resolve("/v1/agents/" + agentId))
                .header("Authorization", "Bearer " + key).header("X-Correlation-ID", "bench").build();
        send(http, direct.get(), 200);
        send(http, throughGateway.get(), 200);

        System.out.printf("GET /agents/{id}: %s workers, %d s warm-up, %d s measured (at most %d requests) per target"
                + " and level%n", Arrays.toString(levels), warmup.toSeconds(), measured.toSeconds(), maxRequests);
        boolean failed = false;
        for (int concurrency : levels) {
            run(http, direct, concurrency, warmup, maxRequests);
            run(http, throughGateway, concurrency, warmup, maxRequests);
            Result straight = run(http, direct, concurrency, measured, maxRequests);
            Result proxied = run(http, throughGateway, concurrency, measured, maxRequests);
            System.out.println();
            System.out.printf("%d concurrent worker%s%n", concurrency, concurrency == 1 ? "" : "s");
            System.out.printf("%-22s %10s %8s %10s %10s %10s%n", "target", "requests", "errors", "req/s", "p50 ms",
                    "p99 ms");
            print("agents service direct", straight);
            print("through the gateway", proxied);
            System.out.printf("throughput ratio (gateway / direct): %.1f%%%n",
                    100.0 * proxied.perSecond() / straight.perSecond());
            System.out.printf("added latency: p50 %.2f ms, p99 %.2f ms%n",
                    proxied.percentile(50) - straight.percentile(50), proxied.percentile(99) - straight.percentile(99));
            failed |= straight.errors() > 0 || proxied.errors() > 0;
        }
        minter.interrupt();
        if (failed) {
            System.out.println("some requests failed; the figures are not comparable");
            System.exit(1);
        }
    }

    /** Latencies of one timed run, in nanoseconds, and its wall time. */
    record Result(long[] latencies, long errors, Duration took) {

        double perSecond() {
            return latencies.length / (took.toNanos() / 1e9);
        }

        double percentile(int p) {
            if (latencies.length == 0) {
                return Double.NaN;
            }
            int index = (int) Math.ceil(p / 100.0 * latencies.length) - 1;
            return latencies[Math.max(0, index)] / 1e6;
        }
    }

    private static Result run(HttpClient http, Supplier<HttpRequest> request, int concurrency, Duration length,
            long maxRequests) throws InterruptedException {
        AtomicLong budget = new AtomicLong(maxRequests);
        AtomicLong errors = new AtomicLong();
        List<long[]> perWorker = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        long started = System.nanoTime();
        long deadline = started + length.toNanos();
        for (int w = 0; w < concurrency; w++) {
            long[][] mine = {new long[1024]};
            int[] count = {0};
            Thread worker = new Thread(() -> {
                while (System.nanoTime() < deadline && budget.getAndDecrement() > 0) {
                    long sent = System.nanoTime();
                    try {
                        HttpResponse<Void> response = http.send(request.get(), HttpResponse.BodyHandlers.discarding());
                        if (response.statusCode() != 200) {
                            errors.incrementAndGet();
                            continue;
                        }
                    } catch (IOException e) {
                        errors.incrementAndGet();
                        continue;
                    } catch (InterruptedException e) {
                        return;
                    }
                    if (count[0] == mine[0].length) {
                        mine[0] = Arrays.copyOf(mine[0], mine[0].length * 2);
                    }
                    mine[0][count[0]++] = System.nanoTime() - sent;
                }
                synchronized (perWorker) {
                    perWorker.add(Arrays.copyOf(mine[0], count[0]));
                }
            });
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        long[] all = perWorker.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        return new Result(all, errors.get(), took);
    }

    private static void print(String name, Result result) {
        System.out.printf("%-22s %10d %8d %10.0f %10.2f %10.2f%n", name, result.latencies().length, result.errors(),
                result.perSecond(), result.percentile(50), result.percentile(99));
    }

    /** The organization as the admin API lists it (the list is read page by page; there is no read by id). */
    private static JsonNode organization(HttpClient http, URI gateway, String adminToken, String id) throws Exception {
        for (int offset = 0; ; offset += 100) {
            JsonNode page = JSON.readTree(send(http, HttpRequest.newBuilder(gateway.resolve(
                    "/admin/organizations?limit=100&offset=" + offset)).header("Authorization", "Bearer " + adminToken)
                    .build(), 200));
            for (JsonNode organization : page.path("data")) {
                if (id.equals(organization.path("id").asText())) {
                    return organization;
                }
            }
            if (!page.path("pagination").path("has_more").asBoolean()) {
                throw new IllegalStateException("organization " + id + " is not in the admin list");
            }
        }
    }

    private static String send(HttpClient http, HttpRequest request, int expected) throws Exception {
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
