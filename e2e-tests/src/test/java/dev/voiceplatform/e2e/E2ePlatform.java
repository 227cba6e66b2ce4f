package dev.voiceplatform.e2e;

import dev.voiceplatform.local.EnvFile;
import dev.voiceplatform.local.FreePorts;
import dev.voiceplatform.local.PlatformManifest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The platform under test: started once per test JVM by {@code ./platform up} in its own state directory, every
 * service of the platform manifest on free random ports, public and management (never a default port, which a
 * developer's running platform holds), and stopped by {@link PlatformSession} when the test run ends.
 */
public final class E2ePlatform {

    private static final long SCRIPT_TIMEOUT_MINUTES = 15;

    private static E2ePlatform running;
    private static RuntimeException startFailure;

    private final Path repositoryRoot;
    private final PlatformManifest manifest;
    private final Path home;
    private final Map<String, String> environment;
    private final URI baseUrl;
    private final String apiKey;
    private final String adminToken;
    private final String kafkaBootstrap;

    private E2ePlatform(Path repositoryRoot, PlatformManifest manifest, Path home, Map<String, String> environment) {
        this.repositoryRoot = repositoryRoot;
        this.manifest = manifest;
        this.home = home;
        this.environment = environment;
        Map<String, String> env = readEnvFile(home.resolve("env"));
        this.baseUrl = URI.create(required(env, "PLATFORM_BASE_URL"));
        this.apiKey = required(env, "PLATFORM_API_KEY");
        this.adminToken = required(env, "PLATFORM_ADMIN_TOKEN");
        this.kafkaBootstrap = required(readEnvFile(home.resolve("infra.env")), "INFRA_KAFKA_BOOTSTRAP");
    }

    /** The running platform, started on first use; a failed start fails every later caller at once. */
    public static synchronized E2ePlatform get() {
        if (startFailure != null) {
            throw startFailure;
        }
        if (running == null) {
            Path root = Path.of(System.getProperty("e2e.repository.root", "..")).toAbsolutePath().normalize();
            Path home = Path.of(System.getProperty("e2e.platform.home", "target/e2e-platform")).toAbsolutePath();
            Map<String, String> environment = new HashMap<>();
            environment.put("PLATFORM_HOME", home.toString());
            PlatformManifest manifest = PlatformManifest.read(root);
            FreePorts.forEveryService(manifest)
                    .forEach((variable, port) -> environment.put(variable, Integer.toString(port)));
            // The reactor has just packaged every module; a nested Maven build would only hide a broken one.
            environment.put("PLATFORM_SKIP_BUILD", "1");
            // Pages and receivers the tests serve on loopback pass the outbound URL guard (empty in deployments).
            environment.put("PLATFORM_OUTBOUND_ALLOW_CIDRS", "127.0.0.0/8");
            try {
                // Every run starts from empty databases, so no run depends on what an earlier one left behind.
                stopQuietly(root, home, environment);
                deleteRecursively(home);
                run(root, home, environment, "up");
                running = new E2ePlatform(root, manifest, home, environment);
            } catch (RuntimeException e) {
                startFailure = e;
                stopQuietly(root, home, environment);
                throw e;
            }
        }
        return running;
    }

    /** Stops the platform if this JVM started one (or tried to). */
    static synchronized void stopIfStarted() {
        if (running != null) {
            run(running.repositoryRoot, running.home, running.environment, "down");
            running = null;
        }
    }

    /** Runs {@code ./platform ARGS} against this platform; fails unless it exits with 0. */
    public List<String> script(String... args) {
        return run(repositoryRoot, home, environment, args);
    }

    /** The public API base, e.g. {@code http://127.0.0.1:41234/v1}. */
    public URI baseUrl() {
        return baseUrl;
    }

    /** The gateway's root, where the admin API lives. */
    public URI gatewayUrl() {
        return baseUrl.resolve("/");
    }

    /** Where a service listens itself, past the gateway, by its name in the platform manifest ({@code agents}). */
    public URI serviceUrl(String service) {
        PlatformManifest.Component component = manifest.component(service)
                .orElseThrow(() -> new IllegalArgumentException("the platform manifest has no service " + service));
        return URI.create("http://127.0.0.1:" + component.port(environment));
    }

    /**
     * Where a service (or the gateway) serves health and metrics, by its name in the platform manifest: its
     * management port, which the public port does not stand in for.
     */
    public URI managementUrl(String service) {
        PlatformManifest.Component component = manifest.component(service)
                .orElseThrow(() -> new IllegalArgumentException("the platform manifest has no service " + service));
        return URI.create("http://127.0.0.1:" + component.managementPort(environment));
    }

    /** The services this platform runs, as {@code deploy/local/components.properties} describes them. */
    public PlatformManifest manifest() {
        return manifest;
    }

    /** The demo organization's key with every scope, made by {@code ./platform up}. */
    public String apiKey() {
        return apiKey;
    }

    public String adminToken() {
        return adminToken;
    }

    public String kafkaBootstrap() {
        return kafkaBootstrap;
    }

    /** A file of the platform's state directory, such as {@code keys/share-secret}. */
    public Path stateFile(String relative) {
        return home.resolve(relative);
    }

    /**
     * A JDBC connection to one service's database, for arranging what only the dashboard can do (accounts connected
     * through OAuth there, for example).
     */
    public java.sql.Connection connectToDatabase(String database) throws java.sql.SQLException {
        Map<String, String> infra = readEnvFile(home.resolve("infra.env"));
        return java.sql.DriverManager.getConnection("jdbc:" + required(infra, "INFRA_PG_URL") + "/" + database,
                required(infra, "INFRA_PG_USER"), infra.getOrDefault("INFRA_PG_PASSWORD", ""));
    }

    private static List<String> run(Path root, Path home, Map<String, String> environment, String... args) {
        Path transcript = home.resolveSibling(home.getFileName() + "-script.log");
        List<String> command = new ArrayList<>();
        command.add(root.resolve("platform").toString());
        command.addAll(List.of(args));
        try {
            Files.createDirectories(home.getParent());
            Path output = Files.createTempFile(home.getParent(), "platform-", ".out");
            ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
            builder.environment().putAll(environment);
            Process process = builder.start();
            boolean finished = process.waitFor(SCRIPT_TIMEOUT_MINUTES, TimeUnit.MINUTES);
            if (!finished) {
                process.destroyForcibly();
            }
            List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
            Files.delete(output);
            Files.writeString(transcript, "$ ./platform " + String.join(" ", args) + "\n" + String.join("\n", lines)
                    + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            if (!finished || process.exitValue() != 0) {
                throw new IllegalStateException("./platform " + String.join(" ", args)
                        + (finished ? " exited with " + process.exitValue() : " did not finish")
                        + "; its output (also in " + transcript + "):\n"
                        + String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size())));
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running ./platform " + String.join(" ", args), e);
        }
    }

    private static void stopQuietly(Path root, Path home, Map<String, String> environment) {
        try {
            run(root, home, environment, "down");
        } catch (RuntimeException e) {
            System.err.println("./platform down failed: " + e.getMessage());
        }
    }

    private static Map<String, String> readEnvFile(Path file) {
        try {
            return EnvFile.read(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String required(Map<String, String> values, String name) {
        String value = values.get(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalStateException("./platform up did not write " + name);
        }
        return value;
    }

    private static void deleteRecursively(Path directory) {
        if (!java.nio.file.Files.exists(directory)) {
            return;
        }
        try (java.util.stream.Stream<Path> paths = java.nio.file.Files.walk(directory)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                java.nio.file.Files.delete(path);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot clear " + directory, e);
        }
    }
}
