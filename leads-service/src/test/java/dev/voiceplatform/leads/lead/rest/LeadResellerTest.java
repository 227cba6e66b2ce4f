package dev.voiceplatform.leads.lead.rest;

import static org.hamcrest.Matchers.equalTo;

import dev.voiceplatform.testing.TestTokens;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Part 7: a reseller-scoped key reads an organization's leads but writes none (403 ORGANIZATION_REQUIRED). */
@QuarkusTest
class LeadResellerTest {

    @Test
    void aResellerKeyReadsLeadsButCannotCreateOrChangeThem() {
        UUID organization = UUID.randomUUID();
        LeadApi owner = LeadApi.as(TestTokens.forOrganization(organization).scopes("leads:read", "leads:write"));
        String leadId = owner.createLead();
        LeadApi reseller = LeadApi.as(TestTokens.forOrganization(organization).reseller()
                .scopes("leads:read", "leads:write"));

        reseller.request().get("/leads/" + leadId).then().statusCode(200).body("id", equalTo(leadId));
        reseller.create(reseller.validLead()).statusCode(403).body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        reseller.request().body(Map.of("status", "contacted")).patch("/leads/" + leadId).then().statusCode(403)
                .body("error.code", equalTo("ORGANIZATION_REQUIRED"));
        owner.request().get("/leads/" + leadId).then().statusCode(200).body("status", equalTo("new"));
        owner.request().get("/leads").then().statusCode(200).body("pagination.total", equalTo(1));
    }
}
