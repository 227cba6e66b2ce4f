package dev.voiceplatform.agents.integrations.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.agents.agent.service.AgentService;
import dev.voiceplatform.agents.integrations.Integration;
import dev.voiceplatform.agents.integrations.IntegrationField;
import dev.voiceplatform.agents.integrations.IntegrationsConfig;
import dev.voiceplatform.agents.integrations.repository.IntegrationRepository;
import dev.voiceplatform.agents.integrations.rest.IntegrationPatch;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.error.ApiException;
import dev.voiceplatform.common.error.ErrorCode;
import dev.voiceplatform.common.tenancy.Tenant;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Reads and changes an agent's integration settings: one query to read; to change, one before the transaction and
 * two in it, since a change moves the agent's version (part 2.3) and emits {@code agent.updated}.
 */
@ApplicationScoped
@Startup
public class IntegrationService {

    private final Pool pool;
    private final IntegrationRepository integrations;
    private final AgentService agents;
    private final Clock clock;
    private final Set<Integration> disabled;

    public IntegrationService(Pool pool, IntegrationRepository integrations, AgentService agents, Clock clock,
            IntegrationsConfig config) {
        this.pool = pool;
        this.integrations = integrations;
        this.agents = agents;
        this.clock = clock;
        this.disabled = disabledIntegrations(config.disabled().orElse(List.of()));
    }

    /** The integration a path segment names: unknown is 404, one this deployment does not run is 501. */
    public Integration running(String segment) {
        Integration integration = Integration.fromPath(segment)
                .orElseThrow(() -> ApiException.notFound("Integration"));
        if (disabled.contains(integration)) {
            throw ApiException.of(ErrorCode.NOT_IMPLEMENTED,
                    "The " + segment + " integration is not run by this deployment");
        }
        return integration;
    }

    public Uni<JsonNode> get(Tenant tenant, UUID agentId, Integration integration) {
        return find(tenant, agentId, integration).map(stored -> view(integration, stored));
    }

    /** A patch that sends no key saves nothing, so the agent's version stays. */
    public Uni<JsonNode> patch(Tenant tenant, UUID agentId, Integration integration, IntegrationPatch patch) {
        return find(tenant, agentId, integration).chain(stored -> patch.isEmpty()
                ? Uni.createFrom().item(view(integration, stored))
                // The agent first: deleted since the read, it answers 404 and nothing is saved.
                : pool.withTransaction(tx -> agents.blockChanged(tx, tenant, agentId, changedBlock(integration))
                                .chain(() -> integrations.merge(tx, tenant.organizationId(), agentId, integration,
                                        patch, DbTime.now(clock))))
                        .map(saved -> view(integration, stored.withConfig(saved))));
    }

    /** How {@code agent.updated} names a change of the integration: {@code integrations.<path segment>}. */
    static String changedBlock(Integration integration) {
        return "integrations." + integration.pathSegment();
    }

    private Uni<IntegrationRepository.Stored> find(Tenant tenant, UUID agentId, Integration integration) {
        return integrations.find(pool, tenant.organizationId(), agentId, integration).map(stored -> {
            if (stored == null) {
                throw ApiException.notFound("Agent");
            }
            return stored;
        });
    }

    /** The GET shape of part 4.2 for the integration. */
    static JsonNode view(Integration integration, IntegrationRepository.Stored stored) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        if (integration.shape() == Integration.Shape.PREFERENCES) {
            return withEveryKey(integration, stored.config(), true);
        }
        ObjectNode out = nodes.objectNode();
        out.set("config", stored.config() == null ? nodes.nullNode() : withEveryKey(integration, stored.config(), false));
        out.put("connected", stored.connected());
        // The account's own field appears only when an account is connected and says something.
        if (stored.connected() && stored.accountValue() != null) {
            out.put(integration.family().accountField(), stored.accountValue());
        }
        return out;
    }

    /** Every key of the integration: the value saved, else its default (or null). */
    private static ObjectNode withEveryKey(Integration integration, ObjectNode saved, boolean withDefaults) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode out = nodes.objectNode();
        for (IntegrationField field : integration.fields()) {
            JsonNode value = saved == null ? null : saved.get(field.name());
            if (value == null || value.isNull()) {
                value = withDefaults ? field.defaultValue().deepCopy() : nodes.nullNode();
            }
            out.set(field.name(), value);
        }
        return out;
    }

    /** A misspelt name would leave the integration running unnoticed: the service refuses to start instead. */
    private static Set<Integration> disabledIntegrations(List<String> names) {
        return names.stream().map(String::trim).filter(name -> !name.isEmpty())
                .map(name -> Integration.fromPath(name).orElseThrow(() -> new IllegalStateException(
                        "platform.integrations.disabled names an unknown integration '" + name + "'; known: "
                                + java.util.Arrays.stream(Integration.values()).map(Integration::pathSegment)
                                        .collect(Collectors.joining(", ")))))
                .collect(Collectors.toUnmodifiableSet());
    }
}
