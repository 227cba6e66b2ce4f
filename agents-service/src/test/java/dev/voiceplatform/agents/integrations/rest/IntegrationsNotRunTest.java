package dev.voiceplatform.agents.integrations.rest;

import static org.hamcrest.Matchers.equalTo;

import dev.voiceplatform.agents.agent.rest.AgentApi;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(IntegrationsNotRunTest.WithoutCrmB.class)
class IntegrationsNotRunTest {

    /** A deployment that does not run crm-b. */
    public static class WithoutCrmB implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("platform.integrations.disabled", "crm-b");
        }
    }

    @Test
    void anIntegrationTheDeploymentDoesNotRunIs501AndTheOthersStillWork() {
        AgentApi api = AgentApi.newOrganization();
        String agent = api.createAgent("not run");
        IntegrationsTest.get(api, agent, "crm-b").statusCode(501).body("error.code", equalTo("NOT_IMPLEMENTED"));
        IntegrationsTest.patch(api, agent, "crm-b", Map.of("sync_leads", true)).statusCode(501)
                .body("error.code", equalTo("NOT_IMPLEMENTED"));
        IntegrationsTest.get(api, agent, "crm-a").statusCode(200).body("connected", equalTo(false));
        IntegrationsTest.patch(api, agent, "crm-a", Map.of("sync_calls", true)).statusCode(200);
        IntegrationsTest.get(api, agent, "crm-c").statusCode(404).body("error.code", equalTo("NOT_FOUND"));
    }
}
