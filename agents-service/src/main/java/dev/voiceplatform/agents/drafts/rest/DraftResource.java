package dev.voiceplatform.agents.drafts.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.voiceplatform.agents.drafts.service.AgentDraft;
import dev.voiceplatform.agents.drafts.service.BusinessFacts;
import dev.voiceplatform.agents.drafts.service.DraftLanguage;
import dev.voiceplatform.agents.drafts.service.DraftService;
import dev.voiceplatform.agents.drafts.service.Questionnaire;
import dev.voiceplatform.agents.drafts.service.WebsiteFacts;
import dev.voiceplatform.common.access.Scopes;
import dev.voiceplatform.common.api.JsonBody;
import dev.voiceplatform.common.tenancy.CurrentTenant;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The drafting wizards of part 4.2: facts from a website or a description, an agent from a questionnaire. They
 * act for an organization (403 ORGANIZATION_REQUIRED for a reseller key) and create nothing.
 */
@Path("/agents/drafts")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class DraftResource {

    static final int MAX_URL = 2048;
    static final int MIN_DESCRIPTION = 20;
    static final int MAX_DESCRIPTION = 4000;

    private final DraftService drafts;
    private final CurrentTenant currentTenant;

    public DraftResource(DraftService drafts, CurrentTenant currentTenant) {
        this.drafts = drafts;
        this.currentTenant = currentTenant;
    }

    @POST
    @Path("/from-website")
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<WebsiteFacts> fromWebsite(JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        JsonBody fields = JsonBody.of(body);
        String url = fields.requiredString("url");
        fields.maxCharacters("url", url, MAX_URL);
        DraftLanguage language = DraftLanguage.read(fields, "language");
        fields.throwIfInvalid();
        return drafts.fromWebsite(tenant, url, language);
    }

    @POST
    @Path("/from-description")
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<BusinessFacts> fromDescription(JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        JsonBody fields = JsonBody.of(body);
        String description = fields.requiredString("description");
        if (description != null && !description.isBlank()) {
            int length = JsonBody.characters(description.strip());
            if (length < MIN_DESCRIPTION || length > MAX_DESCRIPTION) {
                fields.reject("description", "must be " + MIN_DESCRIPTION + " to " + MAX_DESCRIPTION
                        + " characters (got " + length + ")");
            }
        }
        DraftLanguage language = DraftLanguage.read(fields, "language");
        fields.throwIfInvalid();
        return drafts.fromDescription(tenant, description.strip(), language);
    }

    @POST
    @Path("/from-questionnaire")
    @RolesAllowed(Scopes.AGENTS_WRITE)
    public Uni<AgentDraft> fromQuestionnaire(JsonNode body) {
        Tenant tenant = currentTenant.forWrite();
        return drafts.fromQuestionnaire(tenant, Questionnaire.read(JsonBody.of(body)));
    }
}
