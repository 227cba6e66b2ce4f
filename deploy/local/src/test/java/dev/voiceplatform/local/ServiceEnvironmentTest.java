package dev.voiceplatform.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.common.crypto.EncryptionKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceEnvironmentTest {

    private static final PlatformManifest MANIFEST = PlatformManifest.read(Path.of("../.."));

    @TempDir
    Path state;

    @BeforeEach
    void infrastructureIsUp() throws IOException {
        EnvFile.write(state.resolve("infra.env"), Map.of("INFRA_PG_URL", "postgresql://127.0.0.1:5999",
                "INFRA_PG_USER", "postgres", "INFRA_PG_PASSWORD", "pw", "INFRA_KAFKA_BOOTSTRAP", "127.0.0.1:9999"),
                true);
    }

    @Test
    void aServiceGetsItsPortDatabaseKafkaAndTheAddressesOfTheServicesItCalls() throws IOException {
        ServiceEnvironment.ensureSecrets(MANIFEST, state);
        Map<String, String> env = ServiceEnvironment.of(MANIFEST, MANIFEST.component("agents").orElseThrow(), state,
                Map.of("PLATFORM_AGENTS_PORT", "41001", "PLATFORM_NUMBERS_PORT", "41005"));

        assertEquals("41001", env.get("QUARKUS_HTTP_PORT"));
        assertEquals("127.0.0.1", env.get("QUARKUS_HTTP_HOST"));
        assertEquals("9081", env.get("QUARKUS_MANAGEMENT_PORT"));
        assertEquals("127.0.0.1", env.get("QUARKUS_MANAGEMENT_HOST"));
        assertEquals("jdbc:postgresql://127.0.0.1:5999/agents", env.get("QUARKUS_DATASOURCE_JDBC_URL"));
        assertEquals("postgresql://127.0.0.1:5999/agents", env.get("QUARKUS_DATASOURCE_REACTIVE_URL"));
        assertEquals("postgres", env.get("QUARKUS_DATASOURCE_USERNAME"));
        assertEquals("pw", env.get("QUARKUS_DATASOURCE_PASSWORD"));
        assertEquals("127.0.0.1:9999", env.get("KAFKA_BOOTSTRAP_SERVERS"));
        assertEquals("http://127.0.0.1:41005", env.get("QUARKUS_REST_CLIENT_NUMBERS_URL"));
        assertEquals(state.resolve("keys/internal-jwt.pub.pem").toString(), env.get("MP_JWT_VERIFY_PUBLICKEY_LOCATION"));
        assertEquals(Files.readString(state.resolve("keys/share-secret")), env.get("PLATFORM_SHARE_SECRET"));
        // The key agent credentials are sealed with, kept in the state directory, in a form the service accepts.
        assertEquals(Files.readString(state.resolve("keys/crypto-local")), env.get("PLATFORM_CRYPTO_KEYS_LOCAL"));
        assertEquals("local", env.get("PLATFORM_CRYPTO_CURRENT_KEY"));
        assertEquals("local", EncryptionKeys.of(Map.of("local", env.get("PLATFORM_CRYPTO_KEYS_LOCAL")),
                env.get("PLATFORM_CRYPTO_CURRENT_KEY")).currentKeyId());
        assertEquals(state.resolve("keys/internal-jwt.key.pem").toString(), env.get("PLATFORM_JWT_SIGNING_KEY_LOCATION"),
                "it addresses the request's token to the numbers service itself");
        assertFalse(env.containsKey("PLATFORM_SERVICES_NUMBERS_URL"), "only the entry learns every service");
    }

    @Test
    void theGatewayLearnsEveryOtherServiceByItsManifestName() throws IOException {
        ServiceEnvironment.ensureSecrets(MANIFEST, state);
        Map<String, String> env = ServiceEnvironment.of(MANIFEST, MANIFEST.entry(), state,
                Map.of("PLATFORM_LEADS_PORT", "41003", "PLATFORM_GATEWAY_MANAGEMENT_PORT", "41080"));

        assertEquals("http://127.0.0.1:8081", env.get("PLATFORM_SERVICES_AGENTS_URL"));
        assertEquals("http://127.0.0.1:41003", env.get("PLATFORM_SERVICES_LEADS_URL"));
        assertEquals("http://127.0.0.1:8085", env.get("PLATFORM_SERVICES_NUMBERS_URL"));
        assertFalse(env.containsKey("PLATFORM_SERVICES_GATEWAY_URL"));
        assertEquals("41080", env.get("QUARKUS_MANAGEMENT_PORT"));
        assertFalse(env.containsKey("KAFKA_BOOTSTRAP_SERVERS"));
        assertEquals(state.resolve("keys/internal-jwt.key.pem").toString(),
                env.get("PLATFORM_JWT_SIGNING_KEY_LOCATION"));
        assertEquals(Files.readString(state.resolve("admin-token")), env.get("PLATFORM_ADMIN_TOKEN"));
    }

    @Test
    void anEntryUrlValueIsTheGatewaysAddressAtItsPortOverrideFollowedByThePath() throws IOException {
        Map<String, String> entries = PlatformManifestTest.minimal();
        entries.put("voice-runtime.env.PUBLIC_BASE_URL", "entry-url:/v1");
        PlatformManifest manifest = PlatformManifestTest.parse(entries);

        Map<String, String> env = ServiceEnvironment.of(manifest, manifest.component("voice-runtime").orElseThrow(),
                state, Map.of("PLATFORM_GATEWAY_PORT", "41080"));

        assertEquals("http://127.0.0.1:41080/v1", env.get("PUBLIC_BASE_URL"));
    }

    @Test
    void secretsAreMadeOnceOwnerOnlyAndKept() throws IOException {
        Files.writeString(state.resolve("admin-token"), "kept-from-an-earlier-run");

        ServiceEnvironment.ensureSecrets(MANIFEST, state);
        String shareSecret = Files.readString(state.resolve("keys/share-secret"));
        ServiceEnvironment.ensureSecrets(MANIFEST, state);

        assertEquals("kept-from-an-earlier-run", Files.readString(state.resolve("admin-token")));
        assertTrue(shareSecret.matches("[0-9a-f]{64}"), shareSecret);
        assertEquals(shareSecret, Files.readString(state.resolve("keys/share-secret")));
        assertEquals("rw-------", PosixFilePermissions.toString(
                Files.getPosixFilePermissions(state.resolve("keys/share-secret"))));
    }

    @Test
    void freePortsAreDistinctAndNeverADefaultPort() {
        Map<String, Integer> ports = FreePorts.forEveryService(MANIFEST);

        assertEquals(2 * MANIFEST.components().size(), ports.size());
        assertEquals(ports.size(), new HashSet<>(ports.values()).size());
        MANIFEST.components().forEach(component -> {
            assertTrue(ports.containsKey(component.portVariable()));
            assertTrue(ports.containsKey(component.managementPortVariable()));
            ports.values().forEach(port -> {
                assertNotEquals(component.defaultPort(), port);
                assertNotEquals(component.defaultManagementPort(), port);
            });
        });
    }
}
