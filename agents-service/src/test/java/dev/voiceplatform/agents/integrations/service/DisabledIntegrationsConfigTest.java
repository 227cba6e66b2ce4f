package dev.voiceplatform.agents.integrations.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.agents.integrations.Integration;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DisabledIntegrationsConfigTest {

    @Test
    void aMisspeltIntegrationStopsTheServiceFromStarting() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> new IntegrationService(null, null, null, null, () -> Optional.of(List.of("crm-a", "crmb"))));
        assertTrue(refused.getMessage().contains("'crmb'"), refused.getMessage());
    }

    @Test
    void listedIntegrationsAre501AndUnknownOnes404() {
        IntegrationService service = new IntegrationService(null, null, null, null,
                () -> Optional.of(List.of(" crm-b ")));
        assertEquals(ErrorCode.NOT_IMPLEMENTED, assertThrows(ApiException.class, () -> service.running("crm-b")).code());
        assertEquals(ErrorCode.NOT_FOUND, assertThrows(ApiException.class, () -> service.running("crm-x")).code());
        assertEquals(Integration.CRM_A, service.running("crm-a"));
        assertEquals(Integration.SUITE_A_MAIL,
                new IntegrationService(null, null, null, null, Optional::empty).running("suite-a-mail"));
    }
}
