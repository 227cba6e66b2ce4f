package dev.voiceplatform.local;

import dev.voiceplatform.local.PlatformManifest.Component;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code ./platform up} starts a service with: the facts of its manifest entry turned into environment
 * variables, with the addresses of the infrastructure ({@code infra.env}) and of the other services.
 */
public final class ServiceEnvironment {

    /** A manifest value naming a file of the state directory whose content is a secret. */
    static final String SECRET = "secret:";
    /** A manifest value naming a file of the state directory whose path is wanted. */
    static final String STATE = "state:";
    /**
     * A manifest value naming a path on the public entry (the gateway), such as {@code entry-url:/v1}: the address
     * callers reach the platform at, for a service that writes links into its answers (recording links).
     */
    static final String ENTRY_URL = "entry-url:";
    private static final int SECRET_BYTES = 32;

    private ServiceEnvironment() {
    }

    /**
     * The variables to start {@code component} with.
     *
     * @param environment where port overrides ({@code PLATFORM_<NAME>_PORT}) are read
     */
    public static Map<String, String> of(PlatformManifest manifest, Component component, Path stateDir,
            Map<String, String> environment) throws IOException {
        Map<String, String> infra = EnvFile.read(stateDir.resolve("infra.env"));
        Map<String, String> env = new LinkedHashMap<>();
        env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
        env.put("QUARKUS_HTTP_PORT", Integer.toString(component.port(environment)));
        // Health and metrics answer on the management interface only, never on the public port.
        env.put("QUARKUS_MANAGEMENT_HOST", "127.0.0.1");
        env.put("QUARKUS_MANAGEMENT_PORT", Integer.toString(component.managementPort(environment)));
        if (component.database().isPresent()) {
            String server = infraValue(infra, "INFRA_PG_URL");
            String database = component.database().get();
            env.put("QUARKUS_DATASOURCE_JDBC_URL", "jdbc:" + server + "/" + database);
            env.put("QUARKUS_DATASOURCE_REACTIVE_URL", server + "/" + database);
            env.put("QUARKUS_DATASOURCE_USERNAME", infraValue(infra, "INFRA_PG_USER"));
            env.put("QUARKUS_DATASOURCE_PASSWORD", infra.getOrDefault("INFRA_PG_PASSWORD", ""));
        }
        env.put("MP_JWT_VERIFY_PUBLICKEY_LOCATION", stateDir.resolve("keys/internal-jwt.pub.pem").toString());
        if (component.kafka()) {
            env.put("KAFKA_BOOTSTRAP_SERVERS", infraValue(infra, "INFRA_KAFKA_BOOTSTRAP"));
        }
        for (String client : component.clients()) {
            env.put("QUARKUS_REST_CLIENT_" + PlatformManifest.variablePart(client) + "_URL",
                    url(manifest.component(client).orElseThrow(), environment));
        }
        if (component.entry()) {
            for (Component service : manifest.components()) {
                if (!service.entry()) {
                    env.put("PLATFORM_SERVICES_" + PlatformManifest.variablePart(service.name()) + "_URL",
                            url(service, environment));
                }
            }
        }
        for (Map.Entry<String, String> extra : component.env().entrySet()) {
            String value = extra.getValue();
            env.put(extra.getKey(), value.startsWith(ENTRY_URL)
                    ? url(manifest.entry(), environment) + value.substring(ENTRY_URL.length())
                    : resolve(value, stateDir, component.name() + ".env." + extra.getKey()));
        }
        return env;
    }

    /** The address of a service on this machine. */
    public static String url(Component service, Map<String, String> environment) {
        return "http://127.0.0.1:" + service.port(environment);
    }

    /** The address of a service's management interface (health, metrics) on this machine. */
    public static String managementUrl(Component service, Map<String, String> environment) {
        return "http://127.0.0.1:" + service.managementPort(environment);
    }

    /**
     * Makes every secret file the manifest names that does not exist yet. Existing ones are kept: a new share
     * secret would void every link handed out, a new admin token every script that holds it.
     */
    public static void ensureSecrets(PlatformManifest manifest, Path stateDir) throws IOException {
        SecureRandom random = new SecureRandom();
        for (Component component : manifest.components()) {
            for (String value : component.env().values()) {
                if (!value.startsWith(SECRET)) {
                    continue;
                }
                Path file = stateFile(stateDir, value.substring(SECRET.length()));
                if (Files.exists(file) && Files.size(file) > 0) {
                    continue;
                }
                Files.createDirectories(file.getParent());
                byte[] secret = new byte[SECRET_BYTES];
                random.nextBytes(secret);
                Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
                Files.deleteIfExists(temporary);
                Files.createFile(temporary, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rw-------")));
                Files.writeString(temporary, HexFormat.of().formatHex(secret));
                Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
            }
        }
    }

    private static String resolve(String value, Path stateDir, String key) throws IOException {
        if (value.startsWith(SECRET)) {
            Path file = stateFile(stateDir, value.substring(SECRET.length()));
            if (!Files.exists(file)) {
                throw new IllegalArgumentException(key + ": " + file + " does not exist; ./platform up makes it");
            }
            return Files.readString(file).trim();
        }
        if (value.startsWith(STATE)) {
            return stateFile(stateDir, value.substring(STATE.length())).toString();
        }
        return value;
    }

    /** A file inside the state directory; a name that climbs out of it is a mistake in the manifest. */
    private static Path stateFile(Path stateDir, String relative) {
        Path file = stateDir.resolve(relative).normalize();
        if (!file.startsWith(stateDir.normalize())) {
            throw new IllegalArgumentException(relative + " is outside the state directory");
        }
        return file;
    }

    private static String infraValue(Map<String, String> infra, String name) {
        String value = infra.get(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("infra.env has no " + name + "; is the infrastructure up?");
        }
        return value;
    }
}
