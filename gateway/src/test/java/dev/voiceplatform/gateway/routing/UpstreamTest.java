package dev.voiceplatform.gateway.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.Test;

class UpstreamTest {

    private static final OwningService AGENTS = new OwningService("agents");

    @Test
    void aRoutedServiceWithoutAnAddressStopsTheStartWithItsName() {
        Config config = properties(Map.of("platform.services.agents.url", "http://127.0.0.1:8081"));

        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> Upstream.forServices(Set.of(AGENTS, new OwningService("calls")), config));

        assertTrue(refused.getMessage().contains("[calls]"), refused.getMessage());
        assertTrue(refused.getMessage().contains("PLATFORM_SERVICES_<NAME>_URL"), refused.getMessage());
    }

    @Test
    void eachRoutedServiceGetsItsAddressAndUnroutedOnesAreLeftOut() {
        Config config = properties(Map.of("platform.services.agents.url", "https://agents.internal/base/",
                "platform.services.knowledge.url", "http://127.0.0.1:8084"));

        assertEquals(Map.of(AGENTS, new Upstream("agents.internal", 443, true, "/base")),
                Upstream.forServices(Set.of(AGENTS), config));
    }

    @Test
    void anAddressThatIsNotHttpIsRefused() {
        Config config = properties(Map.of("platform.services.agents.url", "ftp://127.0.0.1/"));

        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> Upstream.forServices(Set.of(AGENTS), config));

        assertTrue(refused.getMessage().contains("platform.services.agents.url"), refused.getMessage());
    }

    @Test
    void anOwningServiceIsNamedAsInTheManifest() {
        assertThrows(IllegalArgumentException.class, () -> new OwningService("Agents"));
        assertThrows(IllegalArgumentException.class, () -> new OwningService("agents.internal"));
        assertEquals("voice-runtime", new OwningService("voice-runtime").name());
        assertTrue(OwningService.GATEWAY.local());
    }

    @Test
    void theAddressesThePlatformScriptSetsInTheEnvironmentReachTheGatewayByServiceName() {
        Config config = new SmallRyeConfigBuilder()
                .withSources(new EnvConfigSource(Map.of(
                        "PLATFORM_SERVICES_AGENTS_URL", "http://127.0.0.1:41001",
                        "PLATFORM_SERVICES_VOICE_RUNTIME_URL", "http://127.0.0.1:41007"), 300))
                .build();
        OwningService voiceRuntime = new OwningService("voice-runtime");

        Map<OwningService, Upstream> upstreams = Upstream.forServices(Set.of(AGENTS, voiceRuntime), config);

        assertEquals(41001, upstreams.get(AGENTS).port());
        assertEquals(41007, upstreams.get(voiceRuntime).port());
    }

    private static Config properties(Map<String, String> properties) {
        return new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(properties, "test", 250)).build();
    }
}
