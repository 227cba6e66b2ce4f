package dev.voiceplatform.calls.call.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.AgentsServiceStandIn;
import dev.voiceplatform.testing.PlatformTestResources;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A deployment with no voice runtime and no recording signing secret: nothing is dialled or torn down, and recording
 * links are the stored addresses, which the public route never serves.
 */
@QuarkusTest
@TestProfile(NoRuntimeTest.WithoutRuntime.class)
class NoRuntimeTest {

    public static class WithoutRuntime implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(PlatformTestResources.class, Map.of("database", "calls")),
                    new TestResourceEntry(AgentsServiceStandIn.class));
        }

        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }

        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("platform.calls.recording-signing-secret", "");
        }
    }

    @Test
    void placingACallIsDialerUnavailableWithNothingReserved() {
        CallApi api = CallApi.newOrganization();
        api.place(api.call(CallApi.freshNumber())).statusCode(503).body("error.code", equalTo("DIALER_UNAVAILABLE"));
        assertEquals(0, api.keyCallsToday());
        assertEquals(0, api.live("outbound"));
        assertEquals(0, TestDatabase.query("SELECT 1 FROM calls WHERE org_id = ?", api.organizationId()).size());
    }

    @Test
    void hangingUpIsTeardownUnavailable() {
        CallApi api = CallApi.newOrganization();
        String id = insertCall(api, false);
        api.hangup(id).statusCode(503).body("error.code", equalTo("TEARDOWN_UNAVAILABLE"));
        assertEquals("in_progress", CallApi.row(id).get("status"));
    }

    @Test
    void withoutASigningSecretTheStoredAddressIsAnsweredAndNeverServed() {
        CallApi api = CallApi.newOrganization();
        String id = insertCall(api, true);
        api.get(id).statusCode(200).body("recording_url", equalTo("runtime://recordings/" + id + ".wav"));
        given().get("/calls/" + id + "/recording?expires=" + (Instant.now().getEpochSecond() + 600)
                + "&signature=00").then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }

    private static String insertCall(CallApi api, boolean recorded) {
        UUID id = UUID.randomUUID();
        TestDatabase.update("INSERT INTO calls (id, org_id, agent_id, agent_name, direction, status, caller, started_at, "
                + "recording_available, metadata, created_at, updated_at) VALUES (?, ?, ?, 'stand-in', 'outbound', "
                + "'in_progress', '+14155550100', now(), ?, '{}', now(), now())", id, api.organizationId(),
                UUID.fromString(api.agentId()), recorded);
        return id.toString();
    }
}
