package dev.voiceplatform.gateway.organizations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.common.tenancy.KeyKind;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class OrganizationDefaultsTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void aNewOrganizationTakesWhatWasLeftOutFromItsPlan() {
        Organization organization = Organization.open("Acme", Plan.PRO, null, null, null, null, NOW);
        assertEquals(AccountStatus.ACTIVE, organization.status());
        assertEquals(50, organization.maxAgents());
        assertEquals(List.of(), organization.entitlements());
        assertEquals(KeyKind.ORGANIZATION, organization.kind());
        assertEquals(NOW, organization.createdAt());
        assertEquals(NOW, organization.updatedAt());
        assertEquals(7, organization.id().version());
    }

    @Test
    void whatTheOperatorGivesWinsAndEntitlementsAreKeptOnceInOrder() {
        Organization organization = Organization.open("Acme", Plan.TRIAL, AccountStatus.SUSPENDED, 0,
                List.of("b", "a", "b"), KeyKind.RESELLER, NOW);
        assertEquals(AccountStatus.SUSPENDED, organization.status());
        assertEquals(0, organization.maxAgents());
        assertEquals(List.of("b", "a"), organization.entitlements());
        assertEquals(KeyKind.RESELLER, organization.kind());
    }

    @Test
    void aNewPlanBringsItsAgentLimitUnlessOneIsSetWithIt() {
        assertEquals(500, OrganizationChanges.of(null, Plan.ENTERPRISE, null, null, null, null).maxAgents());
        assertEquals(1000, OrganizationChanges.of(null, Plan.ENTERPRISE, null, 1000, null, null).maxAgents());
        assertEquals(7, OrganizationChanges.of(null, null, null, 7, null, null).maxAgents());
        assertNull(OrganizationChanges.of("Renamed", null, null, null, null, null).maxAgents());
    }

    @Test
    void changedEntitlementsAreKeptOnceAndNothingSentIsNoChange() {
        assertEquals(List.of("x", "y"), OrganizationChanges.of(null, null, null, null, List.of("x", "y", "x"), null)
                .entitlements());
        assertEquals(List.of(), OrganizationChanges.of(null, null, null, null, List.of(), null).entitlements());
        assertTrue(OrganizationChanges.of(null, null, null, null, null, null).isEmpty());
    }
}
