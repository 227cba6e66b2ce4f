package dev.voiceplatform.numbers.number.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.voiceplatform.testing.TestDatabase;
import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A deployment with acquisition switched off still lists and binds the numbers organizations hold. */
@QuarkusTest
@TestProfile(AcquisitionSwitchedOffTest.SwitchedOff.class)
class AcquisitionSwitchedOffTest {

    public static class SwitchedOff implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("platform.numbers.acquisition-enabled", "false");
        }
    }

    @Test
    void acquisitionIs503AcquisitionDisabledWhateverThePlanAndNothingIsReserved() {
        NumberApi paid = NumberApi.newOrganization();
        NumberApi trial = NumberApi.as(TestTokens.forOrganization(UUID.randomUUID()).tier("free")
                .scopes(NumberApi.NUMBER_SCOPES));
        paid.acquire("US").statusCode(503).body("error.code", equalTo("ACQUISITION_DISABLED"));
        trial.acquire("US").statusCode(503).body("error.code", equalTo("ACQUISITION_DISABLED"));
        assertEquals(0, AcquireTest.heldBy(paid.organizationId()).size());
        assertEquals(0, AcquireTest.heldBy(trial.organizationId()).size());
    }

    @Test
    void numbersAlreadyHeldAreStillListedAndBound() {
        NumberApi api = NumberApi.newOrganization();
        UUID number = (UUID) TestDatabase.query("SELECT id FROM phone_numbers WHERE status = 'available' LIMIT 1")
                .get(0).get("id");
        TestDatabase.update("UPDATE phone_numbers SET status = 'assigned', org_id = ?, acquired_at = now() "
                + "WHERE id = ?", api.organizationId(), number);
        api.list().statusCode(200).body("data[0].id", equalTo(number.toString()));
        String agent = api.newAgent();
        api.bind(agent, number.toString()).statusCode(200);
        api.unbind(agent).statusCode(200);
    }
}
