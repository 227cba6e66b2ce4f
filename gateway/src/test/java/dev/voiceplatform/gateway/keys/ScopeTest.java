package dev.voiceplatform.gateway.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.common.access.Plans;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.gateway.organizations.Plan;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScopeTest {

    @Test
    void theGatewayKnowsExactlyTheSharedScopeNamesInTheirOrder() {
        assertEquals(Scopes.ALL, Scope.allWireNames());
    }

    @Test
    void everySharedScopeNameIsRecognisedAndNothingElse() {
        for (String name : Scopes.ALL) {
            assertEquals(Optional.of(name), Scope.fromWire(name).map(Scope::wireName));
        }
        assertFalse(Scope.fromWire("agents:*").isPresent());
        assertFalse(Scope.fromWire("AGENTS:READ").isPresent());
        assertFalse(Scope.fromWire(null).isPresent());
    }

    @Test
    void theGatewayKnowsExactlyTheSharedPlanNames() {
        assertEquals(Plans.ALL, Arrays.stream(Plan.values()).map(Plan::wireName).toList());
        for (String name : Plans.ALL) {
            assertTrue(name.matches(Plan.WIRE_PATTERN), name);
        }
        assertFalse("free".matches(Plan.WIRE_PATTERN));
    }
}
