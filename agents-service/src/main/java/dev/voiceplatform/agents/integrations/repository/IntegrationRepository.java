package dev.voiceplatform.agents.integrations.repository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.agents.integrations.Integration;
import dev.voiceplatform.agents.integrations.rest.IntegrationPatch;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.db.Rows;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.UUID;

/** SQL over agent_integrations and integration_accounts. Every query is bounded by the organization. */
@ApplicationScoped
public class IntegrationRepository {

    private final ObjectMapper json;

    public IntegrationRepository(ObjectMapper json) {
        this.json = json;
    }

    /**
     * What GET shows of one integration of an agent. {@code connected}: the organization connected the account;
     * {@code accountValue}: what it shows of it (may be null); {@code config}: the keys saved, null when none were.
     */
    public record Stored(boolean connected, String accountValue, ObjectNode config) {

        public Stored withConfig(ObjectNode saved) {
            return new Stored(connected, accountValue, saved);
        }
    }

    /** Null when the organization has no such live agent; one query whatever the integration. */
    public Uni<Stored> find(SqlClient client, UUID organizationId, UUID agentId, Integration integration) {
        // The column name comes from the enum, never from the request.
        String accountColumn = integration.family().accountField();
        return client.preparedQuery("SELECT ia.org_id IS NOT NULL AS connected, ia." + accountColumn
                        + " AS account_value, ai.config::text AS config FROM agents a"
                        + " LEFT JOIN integration_accounts ia ON ia.org_id = a.org_id AND ia.family = $3"
                        + " LEFT JOIN agent_integrations ai ON ai.agent_id = a.id AND ai.integration = $4"
                        + " WHERE a.org_id = $1 AND a.id = $2 AND a.deleted_at IS NULL")
                .execute(Tuple.of(organizationId, agentId, integration.family().wireName(), integration.pathSegment()))
                .map(rows -> Rows.firstOrNull(rows, row -> new Stored(row.getBoolean("connected"),
                        row.getString("account_value"), parse(row.getString("config")))));
    }

    /**
     * Saves the keys of {@code patch} over those stored, in one atomic statement: concurrent PATCHes of different
     * keys both land, and concurrent first ones make one record. Returns the keys now saved.
     */
    public Uni<ObjectNode> merge(SqlClient client, UUID organizationId, UUID agentId, Integration integration,
            IntegrationPatch patch, Instant now) {
        return client.preparedQuery("INSERT INTO agent_integrations AS i (agent_id, integration, org_id, config, "
                        + "created_at, updated_at) VALUES ($1, $2, $3, $4::text::jsonb, $5, $5) "
                        + "ON CONFLICT (agent_id, integration) DO UPDATE SET "
                        + "config = (i.config - $6::text[]) || EXCLUDED.config, updated_at = EXCLUDED.updated_at "
                        + "RETURNING config::text AS config")
                .execute(Tuple.from(new Object[] {agentId, integration.pathSegment(), organizationId,
                        patch.set().toString(), DbTime.toDb(now), patch.cleared().toArray(String[]::new)}))
                .map(rows -> parse(rows.iterator().next().getString("config")));
    }

    private ObjectNode parse(String stored) {
        if (stored == null) {
            return null;
        }
        try {
            return (ObjectNode) json.readTree(stored);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored integration settings are not JSON", e);
        }
    }
}
