package dev.voiceplatform.local;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The platform's services as {@code deploy/local/components.properties} describes them (the file explains each
 * key). Read from the source tree rather than from this module's jar, so an edited entry counts at the next
 * {@code ./platform up} without rebuilding the launcher, and the script, the end-to-end tests and the benchmark all
 * read the file a developer edits.
 */
public final class PlatformManifest {

    /** Where the manifest lives, relative to the repository root. */
    public static final String LOCATION = "deploy/local/components.properties";

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Z][A-Z0-9_]*");
    private static final Set<String> KEYS = Set.of("module", "jar", "port", "management-port", "database", "kafka",
            "clients", "entry", "ready");

    /** One service of the platform. */
    public record Component(String name, String module, String jar, int defaultPort, int defaultManagementPort,
            Optional<String> database, boolean kafka, List<String> clients, boolean entry, Map<String, String> env,
            String readyPath) {

        /** The variable that overrides its port: {@code PLATFORM_VOICE_RUNTIME_PORT} for {@code voice-runtime}. */
        public String portVariable() {
            return "PLATFORM_" + variablePart(name) + "_PORT";
        }

        /**
         * The variable that overrides its management port: {@code PLATFORM_VOICE_RUNTIME_MANAGEMENT_PORT} for
         * {@code voice-runtime}.
         */
        public String managementPortVariable() {
            return "PLATFORM_" + variablePart(name) + "_MANAGEMENT_PORT";
        }

        /** Its port: the value of {@link #portVariable()} in {@code environment}, else the default. */
        public int port(Map<String, String> environment) {
            return portOf(environment, portVariable(), defaultPort);
        }

        /**
         * The port of its management interface (health and metrics, never on the public port): the value of
         * {@link #managementPortVariable()} in {@code environment}, else the default.
         */
        public int managementPort(Map<String, String> environment) {
            return portOf(environment, managementPortVariable(), defaultManagementPort);
        }

        private static int portOf(Map<String, String> environment, String variable, int fallback) {
            String value = environment.get(variable);
            if (value == null || value.isBlank()) {
                return fallback;
            }
            try {
                return validPort(Integer.parseInt(value.trim()), variable);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(variable + " must be a port number, not " + value);
            }
        }
    }

    private final List<Component> components;

    private PlatformManifest(List<Component> components) {
        this.components = List.copyOf(components);
    }

    /** The manifest of the repository at {@code root}. */
    public static PlatformManifest read(Path root) {
        Path file = root.resolve(LOCATION);
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the platform manifest " + file + ": " + e.getMessage());
        }
        Map<String, String> entries = new TreeMap<>();
        properties.stringPropertyNames().forEach(key -> entries.put(key, properties.getProperty(key).trim()));
        return parse(entries);
    }

    /** The manifest whose keys and values are {@code entries}; every mistake is refused with its key named. */
    static PlatformManifest parse(Map<String, String> entries) {
        List<String> names = list(required(entries, "components"));
        if (names.isEmpty() || new HashSet<>(names).size() != names.size()) {
            throw new IllegalArgumentException("components must name each service once: " + names);
        }
        Set<String> usedKeys = new HashSet<>(Set.of("components"));
        List<Component> components = new ArrayList<>();
        for (String name : names) {
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("a component name is lower case letters, digits and -: " + name);
            }
            String prefix = name + ".";
            Map<String, String> env = new LinkedHashMap<>();
            entries.forEach((key, value) -> {
                if (key.startsWith(prefix + "env.")) {
                    String variable = key.substring((prefix + "env.").length());
                    if (!ENV_NAME.matcher(variable).matches()) {
                        throw new IllegalArgumentException(key + ": not an environment variable name");
                    }
                    env.put(variable, value);
                    usedKeys.add(key);
                }
            });
            KEYS.forEach(key -> usedKeys.add(prefix + key));
            int defaultPort = portEntry(entries, prefix + "port");
            int defaultManagementPort = portEntry(entries, prefix + "management-port");
            String ready = required(entries, prefix + "ready");
            if (!ready.startsWith("/")) {
                throw new IllegalArgumentException(prefix + "ready must be a path starting with /, not " + ready);
            }
            components.add(new Component(name, required(entries, prefix + "module"), required(entries, prefix + "jar"),
                    defaultPort, defaultManagementPort, Optional.ofNullable(entries.get(prefix + "database")).filter(db -> !db.isEmpty()),
                    flag(entries, prefix + "kafka"), list(entries.getOrDefault(prefix + "clients", "")),
                    flag(entries, prefix + "entry"), env, ready));
        }
        Set<String> unknown = new HashSet<>(entries.keySet());
        unknown.removeAll(usedKeys);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown keys in the platform manifest: " + new TreeSet<>(unknown));
        }
        for (Component component : components) {
            for (String client : component.clients()) {
                if (!names.contains(client) || client.equals(component.name())) {
                    throw new IllegalArgumentException(component.name() + ".clients names " + client
                            + ", which is not another component");
                }
            }
        }
        if (components.stream().filter(Component::entry).count() != 1) {
            throw new IllegalArgumentException("exactly one component is the entry (<name>.entry=true)");
        }
        if (components.stream().flatMap(c -> Stream.of(c.defaultPort(), c.defaultManagementPort()))
                .distinct().count() != 2L * components.size()) {
            throw new IllegalArgumentException("two components have the same default port (port or management-port)");
        }
        return new PlatformManifest(components);
    }

    /** Every service, in start order. */
    public List<Component> components() {
        return components;
    }

    public Optional<Component> component(String nameOrModule) {
        return components.stream()
                .filter(c -> c.name().equals(nameOrModule) || c.module().equals(nameOrModule))
                .findFirst();
    }

    /** The public entry, the gateway. */
    public Component entry() {
        return components.stream().filter(Component::entry).findFirst().orElseThrow();
    }

    /** The databases of every service, in start order. */
    public List<String> databases() {
        return components.stream().flatMap(c -> c.database().stream()).toList();
    }

    /** The part of an environment variable that names a service: {@code VOICE_RUNTIME} for {@code voice-runtime}. */
    public static String variablePart(String name) {
        return name.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    private static int validPort(int port, String key) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(key + " must be between 1 and 65535, not " + port);
        }
        return port;
    }

    private static int portEntry(Map<String, String> entries, String key) {
        String port = required(entries, key);
        try {
            return validPort(Integer.parseInt(port), key);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a port number, not " + port);
        }
    }

    private static String required(Map<String, String> entries, String key) {
        String value = entries.get(key);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("the platform manifest has no " + key);
        }
        return value;
    }

    private static boolean flag(Map<String, String> entries, String key) {
        String value = entries.getOrDefault(key, "false");
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException(key + " must be true or false, not " + value);
        }
        return Boolean.parseBoolean(value);
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(",")).map(String::trim).filter(item -> !item.isEmpty()).toList();
    }
}
