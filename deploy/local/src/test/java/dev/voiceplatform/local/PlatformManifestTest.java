package dev.voiceplatform.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.local.PlatformManifest.Component;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PlatformManifestTest {

    private static final Path REPOSITORY = Path.of("../..");

    @Test
    void theRepositoryManifestNamesEveryServiceInStartOrderWithTheGatewayAsItsEntry() {
        PlatformManifest manifest = PlatformManifest.read(REPOSITORY);

        assertEquals(List.of("agents", "leads", "numbers", "calls", "runtime", "webhooks", "gateway"),
                manifest.components().stream().map(Component::name).toList());
        assertEquals("gateway", manifest.entry().name());
        assertEquals(List.of("agents", "leads", "numbers", "calls", "runtime", "webhooks", "gateway"), manifest.databases());
        Component agents = manifest.component("agents").orElseThrow();
        assertEquals("agents-service/target/quarkus-app/quarkus-run.jar", agents.jar());
        assertEquals(8081, agents.defaultPort());
        assertEquals(9081, agents.defaultManagementPort());
        assertEquals(List.of("numbers"), agents.clients());
        assertEquals(Optional.of(agents), manifest.component("agents-service"), "found by module too");
    }

    @Test
    void aPortVariableOverridesTheDefaultPort() {
        Component service = parse(minimal()).component("voice-runtime").orElseThrow();

        assertEquals("PLATFORM_VOICE_RUNTIME_PORT", service.portVariable());
        assertEquals(8087, service.port(Map.of()));
        assertEquals(41000, service.port(Map.of("PLATFORM_VOICE_RUNTIME_PORT", "41000")));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> service.port(Map.of("PLATFORM_VOICE_RUNTIME_PORT", "many")));
        assertTrue(refused.getMessage().contains("PLATFORM_VOICE_RUNTIME_PORT"), refused.getMessage());
    }

    @Test
    void aManagementPortVariableOverridesTheDefaultManagementPort() {
        Component service = parse(minimal()).component("voice-runtime").orElseThrow();

        assertEquals("PLATFORM_VOICE_RUNTIME_MANAGEMENT_PORT", service.managementPortVariable());
        assertEquals(9087, service.managementPort(Map.of("PLATFORM_VOICE_RUNTIME_PORT", "41000")));
        assertEquals(41001, service.managementPort(Map.of("PLATFORM_VOICE_RUNTIME_MANAGEMENT_PORT", "41001")));
    }

    @Test
    void aManagementPortEqualToAnyOtherDefaultPortOrMissingIsRefused() {
        Map<String, String> clash = minimal();
        clash.put("voice-runtime.management-port", "8080");
        Map<String, String> missing = minimal();
        missing.remove("gateway.management-port");

        assertRefused(clash, "same default port");
        assertRefused(missing, "gateway.management-port");
    }

    @Test
    void aMisspelledKeyIsRefusedByName() {
        Map<String, String> entries = minimal();
        entries.put("voice-runtime.databse", "calls");

        assertRefused(entries, "voice-runtime.databse");
    }

    @Test
    void aClientThatIsNoComponentIsRefused() {
        Map<String, String> entries = minimal();
        entries.put("voice-runtime.clients", "knowledge");

        assertRefused(entries, "knowledge");
    }

    @Test
    void exactlyOneComponentIsTheEntry() {
        Map<String, String> none = minimal();
        none.remove("gateway.entry");
        Map<String, String> two = minimal();
        two.put("voice-runtime.entry", "true");

        assertRefused(none, "entry");
        assertRefused(two, "entry");
    }

    @Test
    void aComponentWithoutItsJarOrPortIsRefused() {
        Map<String, String> noJar = minimal();
        noJar.remove("voice-runtime.jar");
        Map<String, String> samePort = minimal();
        samePort.put("voice-runtime.port", "8080");

        assertRefused(noJar, "voice-runtime.jar");
        assertRefused(samePort, "same default port");
    }

    @Test
    void aServiceWithoutDatabaseOrKafkaHasNeither() {
        Component service = parse(minimal()).component("voice-runtime").orElseThrow();

        assertEquals(Optional.empty(), service.database());
        assertFalse(service.kafka());
        assertEquals(List.of("gateway"), parse(minimal()).databases());
    }

    /** Two components: a gateway and a service with a dash in its name. */
    static Map<String, String> minimal() {
        Map<String, String> entries = new HashMap<>();
        entries.put("components", "voice-runtime,gateway");
        entries.put("voice-runtime.module", "voice-runtime");
        entries.put("voice-runtime.jar", "voice-runtime/target/quarkus-app/quarkus-run.jar");
        entries.put("voice-runtime.port", "8087");
        entries.put("voice-runtime.management-port", "9087");
        entries.put("voice-runtime.ready", "/q/health/ready");
        entries.put("gateway.module", "gateway");
        entries.put("gateway.jar", "gateway/target/quarkus-app/quarkus-run.jar");
        entries.put("gateway.port", "8080");
        entries.put("gateway.management-port", "9080");
        entries.put("gateway.database", "gateway");
        entries.put("gateway.entry", "true");
        entries.put("gateway.ready", "/q/health/ready");
        return entries;
    }

    static PlatformManifest parse(Map<String, String> entries) {
        return PlatformManifest.parse(entries);
    }

    private static void assertRefused(Map<String, String> entries, String named) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> parse(entries));
        assertTrue(refused.getMessage().contains(named), refused.getMessage());
    }
}
