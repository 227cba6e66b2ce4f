package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.local.PlatformManifest;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The {@code ./platform} commands a developer uses on a running platform. */
class PlatformScriptTest {

    @Test
    void keyCreatePrintsAWorkingKeyOnItsLastLineAndReusesTheOrganizationByName() {
        String name = Gateway.unique("e2e-cli");
        String first = lastLine(E2ePlatform.get().script("key", "create", "--org", name, "--scopes", "agents:read"));
        String second = lastLine(E2ePlatform.get().script("key", "create", "--org", name, "--scopes", "all"));

        assertTrue(first.matches("svc_live_[A-Za-z0-9]{32}"), "last line is the key alone");
        String organization = withKey(first).get("/me")
                .then().statusCode(200)
                .body("scopes", contains("agents:read"))
                .extract().path("organization_id");
        withKey(second).get("/me")
                .then().statusCode(200)
                .body("organization_id", equalTo(organization));
    }

    @Test
    void statusShowsEveryComponentOfTheManifestRunningAndTheBaseUrl() {
        List<String> status = E2ePlatform.get().script("status");

        List<String> components = new ArrayList<>(List.of("infra"));
        E2ePlatform.get().manifest().components().forEach(component -> components.add(component.name()));
        assertEquals(components.size() + 1, status.size(), status.toString());
        for (String component : components) {
            assertTrue(status.stream().anyMatch(line -> line.startsWith(component) && line.contains("running")),
                    component + " in " + status);
        }
        // Services are probed on their management ports, the only ones that answer health checks.
        E2ePlatform.get().manifest().components().forEach(service -> assertTrue(status.stream().anyMatch(line ->
                line.startsWith(service.name()) && line.contains(", ready (" + E2ePlatform.get()
                        .managementUrl(service.name()) + "/q/health/ready)")), service.name() + " in " + status));
        assertEquals("base URL: " + E2ePlatform.get().baseUrl(), lastLine(status));
    }

    @Test
    void logsTakeAServiceByNameOrModuleAndNameTheChoicesOtherwise() {
        List<String> byModule = E2ePlatform.get().script("logs", "leads-service");
        List<String> byName = E2ePlatform.get().script("logs", "leads");

        assertFalse(byModule.isEmpty(), "the leads log by module");
        assertFalse(byName.isEmpty(), "the leads log by name");
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> E2ePlatform.get().script("logs", "billing"));
        String components = E2ePlatform.get().manifest().components().stream()
                .map(PlatformManifest.Component::name).collect(Collectors.joining(" "));
        assertTrue(refused.getMessage().contains("logs needs one of: infra " + components), refused.getMessage());
    }

    private static String lastLine(List<String> lines) {
        return lines.get(lines.size() - 1);
    }
}
