package dev.voiceplatform.agents.settings.service;

import dev.voiceplatform.agents.agent.service.AgentService;
import dev.voiceplatform.agents.agent.service.AgentWithNumbers;
import dev.voiceplatform.agents.settings.SettingsPatch;
import dev.voiceplatform.agents.settings.TransferDestinations;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.tenancy.Tenant;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/** Reads and changes the agent settings document of part 2.4 (rules 1 to 9 of PATCH /agents/:id/config). */
@ApplicationScoped
public class SettingsService {

    private final AgentService agents;
    private final WebhookUrlCheck webhookUrls;
    private final TransferDestinations transfers;

    public SettingsService(AgentService agents, WebhookUrlCheck webhookUrls, TransferDestinations transfers) {
        this.agents = agents;
        this.webhookUrls = webhookUrls;
        this.transfers = transfers;
    }

    public Uni<SettingsOut> document(Tenant tenant, UUID agentId) {
        return agents.getWithNumbers(tenant, agentId)
                .map(found -> SettingsOut.of(found.agent(), found.firstNumber()));
    }

    /**
     * Applies the patch once, inside the transaction that writes it, on the agent as stored; the document answered
     * lists the empty strings that patch ignored there. The checks that need the network or other agents (webhook
     * URL, callback agent) run before that transaction opens.
     */
    public Uni<SettingsOut> patch(Tenant tenant, UUID agentId, Integer expectedVersion, SettingsPatch patch) {
        // The phone number shown is a projection outside the agent's row; read before the change, it is what
        // the client saw in the document it read back.
        return agents.getWithNumbers(tenant, agentId).map(AgentWithNumbers::firstNumber)
                .call(() -> webhookUrls.require(patch.webhookUrl(), ApiException::validation))
                .call(() -> checkCallbackAgent(tenant, patch.callbackAgentId()))
                .chain(number -> agents.updateSettings(tenant, agentId, expectedVersion, current -> {
                    SettingsPatch.Applied applied = patch.applyTo(current, number, tenant, transfers);
                    return new AgentService.Edited<List<String>>(applied.next(), applied.ignoredEmptyFields());
                }).map(saved -> SettingsOut.afterPatch(saved.agent(), number, saved.report())));
    }

    /** A callback is placed by an agent of the same organization, never by another's. */
    private Uni<Void> checkCallbackAgent(Tenant tenant, UUID callbackAgentId) {
        if (callbackAgentId == null) {
            return Uni.createFrom().voidItem();
        }
        return agents.get(tenant, callbackAgentId).replaceWithVoid()
                .onFailure(ApiException.class).transform(failure -> ((ApiException) failure).code()
                        == ErrorCode.NOT_FOUND
                        ? ApiException.validation("callbackAgentId", "is not an agent of this organization")
                        : failure);
    }
}
