package dev.voiceplatform.local;

import dev.voiceplatform.common.access.Plans;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.local.PlatformManifest.Component;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The parts of {@code ./platform} that need HTTP, JSON or JDBC, so that the script needs nothing beyond Java
 * (no curl, jq or psql). Every failure ends with exit status 1 and one line saying what to look at; secrets are
 * read from the state directory or the environment, never from the command line, where {@code ps} shows them.
 *
 * <p>The commands that take {@code --root DIR} read the platform manifest of that repository
 * ({@link PlatformManifest}); ports come from {@code PLATFORM_<NAME>_PORT} in the environment, else the manifest.
 *
 * <ul>
 *   <li>{@code components --root DIR}: one line per service in start order, fields separated by tabs: name, module,
 *       jar (absolute), port, port variable, default port, management port, management port variable, default
 *       management port, readiness URL (on the management port), {@code entry} or {@code service}</li>
 *   <li>{@code databases --root DIR}: the services' databases, comma-separated</li>
 *   <li>{@code ensure-secrets --root DIR --state-dir DIR}: makes the secret files the manifest names, unless they
 *       exist</li>
 *   <li>{@code service-env --root DIR --state-dir DIR --name NAME}: the {@code VAR=value} lines to start a service
 *       with (secrets included: for the script's own use, never for a terminal)</li>
 *   <li>{@code free-ports --root DIR}: {@code PLATFORM_<NAME>_PORT=port} and {@code PLATFORM_<NAME>_MANAGEMENT_PORT=port}
 *       lines, free loopback ports for every service</li>
 *   <li>{@code ensure-databases --pg-url postgresql://HOST:PORT --databases a,b} (user and password from
 *       {@code PLATFORM_PG_USER} and {@code PLATFORM_PG_PASSWORD})</li>
 *   <li>{@code wait-ready --name NAME (--url URL | --ready-file FILE) --pid PID --timeout SECONDS --log FILE}:
 *       waits until the URL answers 200 or the file exists</li>
 *   <li>{@code probe --url URL}: exit status 0 when the URL answers 200 now, 1 otherwise (silent)</li>
 *   <li>{@code demo-key --state-dir DIR --gateway-url URL --org NAME --plan PLAN}: writes {@code DIR/env}</li>
 *   <li>{@code create-key --state-dir DIR --gateway-url URL --org NAME --plan PLAN --scopes a,b|all
 *       --kind organization|reseller}: prints the key alone on the last line</li>
 *   <li>{@code call-in --state-dir DIR --runtime-url URL --from NUMBER --to NUMBER}: the local carrier delivers a
 *       call from NUMBER to the organization's number NUMBER; prints the runtime's answer (the call id)</li>
 * </ul>
 */
public final class PlatformCli {

    private static final Set<String> KINDS = Set.of("organization", "reseller");
    private static final int LOG_LINES_ON_FAILURE = 30;
    /** The line {@code ./platform} writes into a log before each start, so a failure shows only that start. */
    private static final String START_MARKER = "===== ";

    private PlatformCli() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            fail("usage: PlatformCli components|databases|ensure-secrets|service-env|free-ports|ensure-databases"
                    + "|wait-ready|probe|demo-key|create-key|call-in|access-names [--option value]...");
        }
        Map<String, String> options = options(Arrays.copyOfRange(args, 1, args.length));
        try {
            switch (args[0]) {
                case "components" -> components(options);
                case "databases" -> System.out.println(String.join(",", manifest(options).databases()));
                case "ensure-secrets" -> ServiceEnvironment.ensureSecrets(manifest(options), stateDir(options));
                case "service-env" -> serviceEnv(options);
                case "free-ports" -> FreePorts.forEveryService(manifest(options))
                        .forEach((variable, port) -> System.out.println(variable + "=" + port));
                case "ensure-databases" -> ensureDatabases(options);
                case "wait-ready" -> waitReady(options);
                case "probe" -> System.exit(probe(required(options, "url")) ? 0 : 1);
                case "demo-key" -> demoKey(options);
                case "create-key" -> createKey(options);
                case "call-in" -> callIn(options);
                case "access-names" -> System.out.printf("  plans:  %s%n  scopes: %s%n", String.join(", ", Plans.ALL),
                        String.join(", ", Scopes.ALL));
                default -> fail("unknown command " + args[0]);
            }
        } catch (GatewayAdmin.AdminCallFailed | IllegalArgumentException e) {
            fail(e.getMessage());
        } catch (ConnectException e) {
            fail("the gateway does not answer; is the platform up? (./platform status)");
        }
    }

    private static void components(Map<String, String> options) {
        Path root = root(options);
        Map<String, String> environment = System.getenv();
        for (Component component : PlatformManifest.read(root).components()) {
            int port = component.port(environment);
            System.out.println(String.join("\t", component.name(), component.module(),
                    root.resolve(component.jar()).toString(), Integer.toString(port), component.portVariable(),
                    Integer.toString(component.defaultPort()),
                    Integer.toString(component.managementPort(environment)), component.managementPortVariable(),
                    Integer.toString(component.defaultManagementPort()),
                    ServiceEnvironment.managementUrl(component, environment) + component.readyPath(),
                    component.entry() ? "entry" : "service"));
        }
    }

    private static void serviceEnv(Map<String, String> options) throws IOException {
        PlatformManifest manifest = manifest(options);
        String name = required(options, "name");
        Component component = manifest.component(name)
                .orElseThrow(() -> new IllegalArgumentException("the platform manifest has no component " + name));
        ServiceEnvironment.of(manifest, component, stateDir(options), System.getenv())
                .forEach((variable, value) -> System.out.println(variable + "=" + value));
    }

    private static PlatformManifest manifest(Map<String, String> options) {
        return PlatformManifest.read(root(options));
    }

    private static Path root(Map<String, String> options) {
        return Path.of(required(options, "root")).toAbsolutePath().normalize();
    }

    private static Path stateDir(Map<String, String> options) {
        return Path.of(required(options, "state-dir")).toAbsolutePath().normalize();
    }

    private static void ensureDatabases(Map<String, String> options) {
        String base = required(options, "pg-url").replaceAll("/+$", "");
        if (!base.startsWith("postgresql://")) {
            fail("PLATFORM_PG_URL must look like postgresql://HOST:PORT, not " + base);
        }
        String user = Optional.ofNullable(System.getenv("PLATFORM_PG_USER")).orElse("");
        String password = Optional.ofNullable(System.getenv("PLATFORM_PG_PASSWORD")).orElse("");
        for (String database : required(options, "databases").split(",")) {
            try {
                EmbeddedPostgresServer.ensureDatabase("jdbc:" + base + "/postgres", user, password, database);
            } catch (IllegalStateException e) {
                fail("cannot create database " + database + " on " + base + ": " + rootCause(e).getMessage());
            }
        }
    }

    /** Polls until the component is ready, its process exits or the time is up. */
    private static void waitReady(Map<String, String> options) throws IOException, InterruptedException {
        String name = required(options, "name");
        long pid = Long.parseLong(required(options, "pid"));
        Duration timeout = Duration.ofSeconds(Long.parseLong(required(options, "timeout")));
        Path log = Path.of(required(options, "log"));
        String readyFile = options.get("ready-file");
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest probe = readyFile != null ? null
                : HttpRequest.newBuilder(URI.create(required(options, "url"))).timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                printLogTail(log);
                fail(name + " exited while starting; its log is " + log);
            }
            if (readyFile != null ? Files.exists(Path.of(readyFile)) : answersOk(http, probe)) {
                return;
            }
            Thread.sleep(500);
        }
        printLogTail(log);
        fail(name + " was not ready within " + timeout.toSeconds() + " s; its log is " + log);
    }

    /** Whether the URL answers 200 now; any failure to get an answer is a no. */
    private static boolean probe(String url) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        try {
            return answersOk(http, HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build());
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean answersOk(HttpClient http, HttpRequest probe) throws IOException, InterruptedException {
        try {
            return http.send(probe, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (ConnectException | HttpTimeoutException stillStarting) {
            return false;
        }
    }

    /**
     * Keeps the key of {@code DIR/env} when the gateway still accepts it, otherwise makes the organization (if
     * missing) and a key with every scope; then writes {@code DIR/env} with the current base URL.
     */
    private static void demoKey(Map<String, String> options) throws IOException, InterruptedException {
        Path stateDir = stateDir(options);
        String gatewayUrl = required(options, "gateway-url");
        String adminToken = adminToken(stateDir);
        GatewayAdmin admin = new GatewayAdmin(gatewayUrl, adminToken);
        Path envFile = stateDir.resolve("env");
        String key = EnvFile.read(envFile).getOrDefault("PLATFORM_API_KEY", "");
        if (key.isEmpty() || !admin.keyWorks(key)) {
            String organization = organization(admin, required(options, "org"), plan(options), "organization");
            key = admin.createKey(organization, "platform up (all scopes)", Scopes.ALL);
        }
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PLATFORM_BASE_URL", gatewayUrl.replaceAll("/+$", "") + "/v1");
        env.put("PLATFORM_API_KEY", key);
        env.put("PLATFORM_ADMIN_TOKEN", adminToken);
        EnvFile.write(envFile, env, true);
    }

    private static void createKey(Map<String, String> options) throws IOException, InterruptedException {
        Path stateDir = stateDir(options);
        GatewayAdmin admin = new GatewayAdmin(required(options, "gateway-url"), adminToken(stateDir));
        String name = required(options, "org");
        String kind = options.getOrDefault("kind", "organization");
        if (!KINDS.contains(kind)) {
            fail("--kind must be one of " + KINDS + ", not " + kind);
        }
        String scopesOption = options.getOrDefault("scopes", "all");
        List<String> scopes = "all".equals(scopesOption)
                ? Scopes.ALL
                : Arrays.stream(scopesOption.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        String organization = organization(admin, name, plan(options), kind);
        String key = admin.createKey(organization, "platform key create", scopes);
        System.out.println("organization " + name + " (" + organization + "), scopes " + String.join(",", scopes));
        System.out.println(key);
    }

    private static void callIn(Map<String, String> options) throws IOException, InterruptedException {
        java.net.http.HttpResponse<String> answer;
        try {
            answer = CarrierCall.deliver(required(options, "runtime-url"), stateDir(options), required(options, "from"),
                    required(options, "to"));
        } catch (ConnectException e) {
            fail("the voice runtime does not answer; is the platform up? (./platform status)");
            return;
        }
        System.out.println(answer.body());
        if (answer.statusCode() / 100 != 2) {
            fail("the call was not connected (HTTP " + answer.statusCode() + ")");
        }
    }

    private static String organization(GatewayAdmin admin, String name, String plan, String kind)
            throws IOException, InterruptedException {
        Optional<String> existing = admin.findOrganization(name);
        return existing.isPresent() ? existing.get() : admin.createOrganization(name, plan, kind);
    }

    private static String plan(Map<String, String> options) {
        String plan = options.getOrDefault("plan", "pro");
        if (!Plans.ALL.contains(plan)) {
            fail("--plan must be one of " + Plans.ALL + ", not " + plan);
        }
        return plan;
    }

    private static String adminToken(Path stateDir) throws IOException {
        Path file = stateDir.resolve("admin-token");
        if (!Files.exists(file)) {
            fail("no admin token in " + file + "; run ./platform up first");
        }
        return Files.readString(file).trim();
    }

    private static void printLogTail(Path log) throws IOException {
        if (Files.exists(log)) {
            // decoded leniently: a log cut in the middle of a character must not hide the rest
            List<String> lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList();
            int start = 0;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith(START_MARKER)) {
                    start = i + 1;
                }
            }
            System.err.println("--- last lines of " + log + " ---");
            lines.subList(Math.max(start, lines.size() - LOG_LINES_ON_FAILURE), lines.size())
                    .forEach(System.err::println);
            System.err.println("---");
        }
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                fail("expected --option value, got " + args[i]);
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null || value.isEmpty()) {
            fail("missing --" + name);
        }
        return value;
    }

    private static Throwable rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static void fail(String message) {
        System.err.println("error: " + message);
        System.exit(1);
    }
}
