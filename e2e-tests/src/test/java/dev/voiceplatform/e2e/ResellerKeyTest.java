package dev.voiceplatform.e2e;

import static dev.voiceplatform.e2e.Gateway.withKey;
import static org.hamcrest.Matchers.equalTo;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tenancy rule 3: agent writes need an organization-scoped key; a reseller-wide key is refused. */
class ResellerKeyTest {

    @Test
    void aResellerKeyCannotCreateAnAgent() {
        TestOrganization reseller = TestOrganization.create("e2e-reseller", "reseller");
        String key = reseller.createKey(List.of("agents:read", "agents:write")).key();

        withKey(key)
                .body(Map.of("name", "Resold agent", "prompt", "You are not created."))
                .post("/agents")
                .then().statusCode(403)
                .body("error.code", equalTo("ORGANIZATION_REQUIRED"));
    }
}
