package dev.voiceplatform.agents.agent.repository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.voiceplatform.agents.agent.Agent;
import dev.voiceplatform.agents.agent.AgentStatus;
import dev.voiceplatform.common.crypto.SealedValueException;
import dev.voiceplatform.common.crypto.SecretSealer;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.db.Rows;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * SQL over the agents table. Every query is bounded by the organization.
 *
 * <p>The {@code secrets} document holds each credential sealed ({@link SecretSealer}, bound to the organization and
 * the credential's name): an {@link Agent} carries them in plain text, the table never does. A value stored in
 * plain text before sealing existed still reads, and is sealed by the agent's next save, as is a value sealed under
 * a key that is no longer current.
 */
@ApplicationScoped
public class AgentRepository {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String COLUMNS = "id, org_id, name, description, prompt, greeting, language, voice, model, "
            + "status, version, is_tester, test_target_agent_id, created_at, updated_at, deleted_at, settings, "
            + "secrets";

    private final SecretSealer sealer;

    public AgentRepository(SecretSealer sealer) {
        this.sealer = sealer;
    }

    /** Finds the agent, deleted or not; null when the organization has no such agent. */
    public Uni<Agent> find(SqlClient client, UUID organizationId, UUID id) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM agents WHERE org_id = $1 AND id = $2")
                .execute(Tuple.of(organizationId, id))
                .map(rows -> Rows.firstOrNull(rows, this::map));
    }

    /** Finds the agent and locks its row for the rest of the transaction; null when the organization has none. */
    public Uni<Agent> findForUpdate(SqlClient client, UUID organizationId, UUID id) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM agents WHERE org_id = $1 AND id = $2 FOR UPDATE")
                .execute(Tuple.of(organizationId, id))
                .map(rows -> Rows.firstOrNull(rows, this::map));
    }

    public Uni<Void> insert(SqlClient client, Agent agent) {
        return client.preparedQuery("INSERT INTO agents (" + COLUMNS + ") VALUES "
                        + "($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)")
                .execute(Tuple.from(new Object[] {
                        agent.id(), agent.organizationId(), agent.name(), agent.description(), agent.prompt(),
                        agent.greeting(), agent.language(), agent.voice(), agent.model(), agent.status().wireName(),
                        agent.version(), agent.tester(), agent.testTargetAgentId(), DbTime.toDb(agent.createdAt()),
                        DbTime.toDb(agent.updatedAt()), DbTime.toDb(agent.deletedAt()), json(agent.settings()),
                        sealed(agent.organizationId(), agent.secrets())}))
                .replaceWithVoid();
    }

    /**
     * Writes {@code next} only if the stored row is still at {@code expectedVersion} and not deleted.
     * Returns false when another writer got there first.
     */
    public Uni<Boolean> updateIfVersion(SqlClient client, Agent next, int expectedVersion) {
        return client.preparedQuery("UPDATE agents SET name = $1, description = $2, prompt = $3, greeting = $4, "
                        + "language = $5, voice = $6, model = $7, status = $8, version = $9, updated_at = $10, "
                        + "settings = $14, secrets = $15 "
                        + "WHERE org_id = $11 AND id = $12 AND version = $13 AND deleted_at IS NULL")
                .execute(Tuple.from(new Object[] {
                        next.name(), next.description(), next.prompt(), next.greeting(), next.language(), next.voice(),
                        next.model(), next.status().wireName(), next.version(), DbTime.toDb(next.updatedAt()),
                        next.organizationId(), next.id(), expectedVersion, json(next.settings()),
                        sealed(next.organizationId(), next.secrets())}))
                .map(result -> result.rowCount() == 1);
    }

    /**
     * Marks the agent deleted at {@code now} and moves its version, whatever version it is at, if it is still live.
     * Returns the agent as deleted, or null when it was not live (already deleted, or never there).
     */
    public Uni<Agent> markDeleted(SqlClient client, UUID organizationId, UUID id, Instant now) {
        return client.preparedQuery("UPDATE agents SET deleted_at = $3, updated_at = $3, version = version + 1 "
                        + "WHERE org_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING " + COLUMNS)
                .execute(Tuple.of(organizationId, id, DbTime.toDb(now)))
                .map(rows -> Rows.firstOrNull(rows, this::map));
    }

    /**
     * Moves the live agent's version by one, changed at {@code now}, for a change saved beside its row (its calendar,
     * an integration). Returns the agent as moved, or null when the organization has no such live agent.
     */
    public Uni<Agent> moveVersion(SqlClient client, UUID organizationId, UUID id, Instant now) {
        return client.preparedQuery("UPDATE agents SET version = version + 1, updated_at = $3 "
                        + "WHERE org_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING " + COLUMNS)
                .execute(Tuple.of(organizationId, id, DbTime.toDb(now)))
                .map(rows -> Rows.firstOrNull(rows, this::map));
    }

    /**
     * Takes one of the organization's agent slots unless {@code maxAgents} are already used; false when none is free.
     * Run as the last statement of the transaction that creates the agent: the slot row stays locked only while that
     * transaction commits, so creates of one organization do not queue behind each other's whole transactions.
     */
    public Uni<Boolean> takePlanSlot(SqlClient client, UUID organizationId, int maxAgents) {
        return client.preparedQuery("INSERT INTO agent_plan_slots AS slots (org_id, used) SELECT $1, 1 WHERE $2 > 0 "
                        + "ON CONFLICT (org_id) DO UPDATE SET used = slots.used + 1 WHERE slots.used < $2 RETURNING used")
                .execute(Tuple.of(organizationId, maxAgents))
                .map(rows -> rows.size() == 1);
    }

    /** Gives a slot back, in the transaction that deletes an agent counted against the plan. */
    public Uni<Void> releasePlanSlot(SqlClient client, UUID organizationId) {
        return client.preparedQuery("UPDATE agent_plan_slots SET used = used - 1 WHERE org_id = $1 AND used > 0")
                .execute(Tuple.of(organizationId))
                .replaceWithVoid();
    }

    /** Agents that count against the plan (not deleted, not testers), as the slot count keeps them. */
    public Uni<Long> planSlotsUsed(SqlClient client, UUID organizationId) {
        return client.preparedQuery("SELECT used FROM agent_plan_slots WHERE org_id = $1")
                .execute(Tuple.of(organizationId))
                .map(rows -> Rows.first(rows, row -> row.getLong(0)).orElse(0L));
    }

    /**
     * Copies the live, non-tester agent {@code sourceId} into a new inactive agent at version 1, in SQL so that
     * every content column and the whole {@code settings} and {@code secrets} documents travel as stored (sealed
     * credentials stay sealed: they are bound to the organization and their names, which the copy shares). Not
     * copied: identity, status, version, timestamps, the tester columns and phone numbers (another table). Null
     * when the source is no longer there.
     */
    public Uni<Agent> duplicate(SqlClient client, UUID organizationId, UUID sourceId, UUID newId, String name,
            Instant now) {
        return client.preparedQuery("INSERT INTO agents (id, org_id, name, description, prompt, greeting, language, "
                        + "voice, model, settings, secrets, status, version, is_tester, test_target_agent_id, "
                        + "created_at, updated_at, deleted_at) "
                        + "SELECT $1, org_id, $2, description, prompt, greeting, language, voice, model, settings, "
                        + "secrets, 'inactive', 1, false, NULL, $3, $3, NULL FROM agents "
                        + "WHERE org_id = $4 AND id = $5 AND deleted_at IS NULL AND NOT is_tester "
                        + "RETURNING " + COLUMNS)
                .execute(Tuple.of(newId, name, DbTime.toDb(now), organizationId, sourceId))
                .map(rows -> Rows.firstOrNull(rows, this::map));
    }

    /** An agent's credentials as the table holds them, not all sealed under the current key. */
    public record StoredSecrets(UUID id, UUID organizationId, String stored) {
    }

    /**
     * Up to {@code limit} agents, deleted or not, in id order after {@code afterId}, whose credentials hold a value
     * in plain text or sealed under another key than the current one.
     */
    public Uni<List<StoredSecrets>> secretsNeedingResealing(SqlClient client, UUID afterId, int limit) {
        return client.preparedQuery("SELECT id, org_id, secrets::text AS secrets FROM agents WHERE id > $1 "
                        + "AND EXISTS (SELECT 1 FROM jsonb_each(secrets) AS credential "
                        + "WHERE jsonb_typeof(credential.value) = 'string' "
                        + "AND left(credential.value #>> '{}', length($2)) <> $2) ORDER BY id LIMIT $3")
                .execute(Tuple.of(afterId, sealer.currentPrefix(), limit))
                .map(rows -> {
                    List<StoredSecrets> found = new ArrayList<>(rows.size());
                    for (Row row : rows) {
                        found.add(new StoredSecrets(row.getUUID("id"), row.getUUID("org_id"),
                                row.getString("secrets")));
                    }
                    return found;
                });
    }

    /**
     * Seals the credentials of {@code found} again under the current key, if they are still as they were found: a
     * save in between already sealed them, and wins. The version does not move: the credentials are the same.
     * Fails with {@link SealedValueException} when a value does not open (its key is no longer configured).
     */
    public Uni<Boolean> reseal(SqlClient client, StoredSecrets found) {
        ObjectNode resealed;
        try {
            resealed = (ObjectNode) JSON.readTree(found.stored());
        } catch (JsonProcessingException | ClassCastException e) {
            // Not the parser's message: it quotes the document, credentials included.
            return Uni.createFrom().failure(new IllegalStateException("agents.secrets is not a JSON object"));
        }
        try {
            for (Iterator<Map.Entry<String, JsonNode>> fields = resealed.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                String value = field.getValue().isTextual() ? field.getValue().asText() : null;
                if (value != null && sealer.needsResealing(value)) {
                    field.setValue(TextNode.valueOf(sealer.reseal(value,
                            secretContext(found.organizationId(), field.getKey()))));
                }
            }
        } catch (SealedValueException e) {
            return Uni.createFrom().failure(e);
        }
        return client.preparedQuery("UPDATE agents SET secrets = $1::text::jsonb "
                        + "WHERE org_id = $2 AND id = $3 AND secrets = $4::text::jsonb")
                .execute(Tuple.of(resealed.toString(), found.organizationId(), found.id(), found.stored()))
                .map(result -> result.rowCount() == 1);
    }

    /** The live tester aimed at {@code targetId}, with its persona; null when there is none. */
    public Uni<TesterAgent> findLiveTester(SqlClient client, UUID organizationId, UUID targetId) {
        return client.preparedQuery("SELECT " + COLUMNS + ", tester_persona FROM agents WHERE org_id = $1 "
                        + "AND test_target_agent_id = $2 AND is_tester AND deleted_at IS NULL")
                .execute(Tuple.of(organizationId, targetId))
                .map(rows -> Rows.firstOrNull(rows,
                        row -> new TesterAgent(map(row), row.getString("tester_persona"))));
    }

    /** Stores the caller persona of a tester just inserted. */
    public Uni<Void> saveTesterPersona(SqlClient client, UUID organizationId, UUID testerId, String persona) {
        return client.preparedQuery("UPDATE agents SET tester_persona = $1 WHERE org_id = $2 AND id = $3 AND is_tester")
                .execute(Tuple.of(persona, organizationId, testerId))
                .replaceWithVoid();
    }

    /** A tester agent and the caller persona it plays. */
    public record TesterAgent(Agent agent, String persona) {
    }

    /** One page, newest first, and the total, in two queries whatever the page size. */
    public Uni<Page> page(SqlClient client, UUID organizationId, AgentStatus status, int limit, int offset) {
        String filter = "WHERE org_id = $1 AND deleted_at IS NULL" + (status == null ? "" : " AND status = $2");
        Tuple parameters = status == null ? Tuple.of(organizationId) : Tuple.of(organizationId, status.wireName());
        int next = parameters.size() + 1;
        Uni<Long> total = client.preparedQuery("SELECT count(*) FROM agents " + filter)
                .execute(parameters)
                .map(rows -> rows.iterator().next().getLong(0));
        Uni<List<Agent>> items = client.preparedQuery("SELECT " + COLUMNS + " FROM agents " + filter
                        + " ORDER BY created_at DESC, id DESC LIMIT $" + next + " OFFSET $" + (next + 1))
                .execute(copyWith(parameters, limit, offset))
                .map(this::mapAll);
        return Uni.combine().all().unis(items, total).asTuple().map(both -> new Page(both.getItem1(), both.getItem2()));
    }

    /** A page of agents and how many match in all. */
    public record Page(List<Agent> items, long total) {
    }

    private static Tuple copyWith(Tuple parameters, int limit, int offset) {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < parameters.size(); i++) {
            values.add(parameters.getValue(i));
        }
        values.add(limit);
        values.add(offset);
        return Tuple.from(values);
    }

    private List<Agent> mapAll(RowSet<Row> rows) {
        List<Agent> agents = new ArrayList<>(rows.size());
        for (Row row : rows) {
            agents.add(map(row));
        }
        return agents;
    }

    private Agent map(Row row) {
        UUID organizationId = row.getUUID("org_id");
        return new Agent(
                row.getUUID("id"), organizationId, row.getString("name"), row.getString("description"),
                row.getString("prompt"), row.getString("greeting"), row.getString("language"), row.getString("voice"),
                row.getString("model"), AgentStatus.fromWire(row.getString("status")).orElseThrow(),
                row.getInteger("version"), row.getBoolean("is_tester"), row.getUUID("test_target_agent_id"),
                DbTime.fromDb(row.getOffsetDateTime("created_at")),
                DbTime.fromDb(row.getOffsetDateTime("updated_at")),
                DbTime.fromDb(row.getOffsetDateTime("deleted_at")),
                objectNode(row.getJsonObject("settings")),
                opened(organizationId, objectNode(row.getJsonObject("secrets"))));
    }

    /** The credentials as the table keeps them: every text value sealed under the current key. */
    private JsonObject sealed(UUID organizationId, ObjectNode secrets) {
        ObjectNode stored = secrets.deepCopy();
        for (Iterator<Map.Entry<String, JsonNode>> fields = secrets.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (field.getValue().isTextual()) {
                stored.put(field.getKey(), sealer.seal(field.getValue().asText(),
                        secretContext(organizationId, field.getKey())));
            }
        }
        return json(stored);
    }

    /** The credentials in plain text, sealed or (from before sealing) not. */
    private ObjectNode opened(UUID organizationId, ObjectNode stored) {
        if (stored == null) {
            return null;
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = stored.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (field.getValue().isTextual()) {
                try {
                    field.setValue(TextNode.valueOf(sealer.openStored(field.getValue().asText(),
                            secretContext(organizationId, field.getKey()))));
                } catch (SealedValueException e) {
                    throw new IllegalStateException("agents.secrets '" + field.getKey() + "' of organization "
                            + organizationId + " does not open: " + e.getMessage(), e);
                }
            }
        }
        return stored;
    }

    /** What a sealed credential is bound to: moved to another organization or another name, it does not open. */
    public static String secretContext(UUID organizationId, String name) {
        return "agents.secrets/" + organizationId + "/" + name;
    }

    private static ObjectNode objectNode(JsonObject stored) {
        if (stored == null) {
            return null;
        }
        try {
            return (ObjectNode) JSON.readTree(stored.encode());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Stored agent settings are not JSON", e);
        }
    }

    private static JsonObject json(ObjectNode node) {
        return new JsonObject(node.toString());
    }
}
