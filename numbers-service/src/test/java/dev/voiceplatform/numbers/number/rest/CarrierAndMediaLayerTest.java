package dev.voiceplatform.numbers.number.rest;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.numbers.carrier.CarrierProfile;
import dev.voiceplatform.numbers.carrier.ScriptedMediaLayer;
import dev.voiceplatform.numbers.carrier.ScriptedNumberProvider;
import dev.voiceplatform.testing.TestDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The two seams with something behind them: a carrier adapter for empty pools, and a media layer for routes. */
@QuarkusTest
@TestProfile(CarrierProfile.class)
class CarrierAndMediaLayerTest {

    @BeforeEach
    void theUsPoolIsEmpty() {
        TestDatabase.update("DELETE FROM phone_numbers WHERE country = 'US' AND status = 'available'");
        ScriptedNumberProvider.hasNothing();
    }

    @AfterEach
    void theMediaLayerWorksAgain() {
        ScriptedMediaLayer.failing(false);
    }

    @Test
    void aCarrierErrorIs502AndNothingIsReserved() {
        NumberApi api = NumberApi.newOrganization();
        ScriptedNumberProvider.fails(ErrorCode.PROVIDER_ERROR);
        api.acquire("US").statusCode(502).body("error.code", equalTo("PROVIDER_ERROR"));
        ScriptedNumberProvider.fails(ErrorCode.PROVIDER_PURCHASE_FAILED);
        api.acquire("US").statusCode(502).body("error.code", equalTo("PROVIDER_PURCHASE_FAILED"));
        assertEquals(0, AcquireTest.heldBy(api.organizationId()).size());
    }

    @Test
    void aCarrierWithNothingToSellIs503NoNumbersAvailable() {
        NumberApi api = NumberApi.newOrganization();
        api.acquire("US").statusCode(503).body("error.code", equalTo("NO_NUMBERS_AVAILABLE"));
        assertEquals(0, AcquireTest.heldBy(api.organizationId()).size());
    }

    @Test
    void aNumberTheCarrierSellsIsHeldWithItsSource() {
        NumberApi api = NumberApi.newOrganization();
        String bought = "+1201555" + (1000 + (int) (Math.random() * 8999));
        ScriptedNumberProvider.sells(bought);
        String id = api.acquire("US").statusCode(201).body("phone_number", equalTo(bought)).extract().path("id");
        assertEquals(ScriptedNumberProvider.SOURCE, TestDatabase.query("SELECT source FROM phone_numbers WHERE id = ?",
                UUID.fromString(id)).get(0).get("source"));
    }

    @Test
    void thePoolIsAskedBeforeTheCarrier() {
        ScriptedNumberProvider.fails(ErrorCode.PROVIDER_ERROR);
        int calls = ScriptedNumberProvider.calls();
        NumberApi.newOrganization().acquire("IL").statusCode(201);
        assertEquals(calls, ScriptedNumberProvider.calls());
    }

    @Test
    void aMediaLayerThatTakesTheRouteMakesRoutingLiveAndUnbindingDropsIt() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquire("IL").statusCode(201).extract().path("id");
        String phone = BindTest.phoneOf(number);
        String agent = api.newAgent();
        api.bind(agent, number).statusCode(200).body("routing_live", equalTo(true)).body("$", not(hasKey("warning")));
        assertEquals(UUID.fromString(agent), ScriptedMediaLayer.ROUTES.get(phone));
        api.unbind(agent).statusCode(200);
        assertTrue(ScriptedMediaLayer.DROPPED.contains(phone));
    }

    @Test
    void aFailingMediaLayerLeavesTheBindingInPlaceButNotLive() {
        NumberApi api = NumberApi.newOrganization();
        String number = api.acquire("IL").statusCode(201).extract().path("id");
        String agent = api.newAgent();
        ScriptedMediaLayer.failing(true);
        api.bind(agent, number).statusCode(200).body("routing_live", equalTo(false)).body("$", hasKey("warning"));
        api.list().body("data[0].inbound_agent_id", equalTo(agent));
        api.unbind(agent).statusCode(200);
        api.list().body("data[0].bound", equalTo(false));
    }
}
