package dev.voiceplatform.leads.lead.repository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.voiceplatform.common.api.DateRange;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.db.Rows;
import dev.voiceplatform.leads.lead.Lead;
import dev.voiceplatform.leads.lead.LeadStatus;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** SQL over the leads table. Every query is bounded by the organization. */
@ApplicationScoped
public class LeadRepository {

    private static final String COLUMNS = "id, org_id, agent_id, call_id, name, phone, email, status, source, notes, "
            + "metadata::text AS metadata, created_at, updated_at";

    private final ObjectMapper objectMapper;

    public LeadRepository(ObjectMapper objectMapper) {
        this.objectMapper = objectMapper;
    }

    /** What GET /leads filters by; null fields do not filter. */
    public record Filter(LeadStatus status, UUID agentId, DateRange created) {
    }

    /** A page of leads and how many match in all. */
    public record Page(List<Lead> items, long total) {
    }

    public Uni<Lead> find(SqlClient client, UUID organizationId, UUID id) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM leads WHERE org_id = $1 AND id = $2")
                .execute(Tuple.of(organizationId, id))
                .map(rows -> Rows.firstOrNull(rows, this::map));
    }

    /** Reads the lead and locks it for the rest of the transaction, so concurrent status changes queue up. */
    public Uni<Lead> findForUpdate(SqlClient client, UUID organizationId, UUID id) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM leads WHERE org_id = $1 AND id = $2 FOR UPDATE")
                .execute(Tuple.of(organizationId, id))
                .map(rows -> Rows.firstOrNull(rows, this::map));
    }

    public Uni<Lead> findByCall(SqlClient client, UUID organizationId, UUID callId) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM leads WHERE org_id = $1 AND call_id = $2")
                .execute(Tuple.of(organizationId, callId))
                .map(rows -> Rows.firstOrNull(rows, this::map));
    }

    /** Inserts the lead; false when the organization already has a lead for the same call. */
    public Uni<Boolean> insert(SqlClient client, Lead lead) {
        return client.preparedQuery("INSERT INTO leads (id, org_id, agent_id, call_id, name, phone, email, status, "
                        + "source, notes, metadata, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, "
                        + "$10, $11::text::jsonb, $12, $13) ON CONFLICT (org_id, call_id) WHERE call_id IS NOT NULL "
                        + "DO NOTHING")
                .execute(Tuple.from(new Object[] {
                        lead.id(), lead.organizationId(), lead.agentId(), lead.callId(), lead.name(), lead.phone(),
                        lead.email(), lead.status().wireName(), lead.source(), lead.notes(), json(lead.metadata()),
                        DbTime.toDb(lead.createdAt()), DbTime.toDb(lead.updatedAt())}))
                .map(result -> result.rowCount() == 1);
    }

    public Uni<Void> update(SqlClient client, Lead lead) {
        return client.preparedQuery("UPDATE leads SET name = $1, email = $2, status = $3, notes = $4, "
                        + "metadata = $5::text::jsonb, updated_at = $6 WHERE org_id = $7 AND id = $8")
                .execute(Tuple.from(new Object[] {
                        lead.name(), lead.email(), lead.status().wireName(), lead.notes(), json(lead.metadata()),
                        DbTime.toDb(lead.updatedAt()), lead.organizationId(), lead.id()}))
                .replaceWithVoid();
    }

    /** One page, newest first, and the total: two queries whatever the page size. */
    public Uni<Page> page(SqlClient client, UUID organizationId, Filter filter, int limit, int offset) {
        List<Object> parameters = new ArrayList<>();
        parameters.add(organizationId);
        StringBuilder where = new StringBuilder("WHERE org_id = $1");
        if (filter.status() != null) {
            parameters.add(filter.status().wireName());
            where.append(" AND status = $").append(parameters.size());
        }
        if (filter.agentId() != null) {
            parameters.add(filter.agentId());
            where.append(" AND agent_id = $").append(parameters.size());
        }
        if (filter.created().from() != null) {
            parameters.add(DbTime.toDb(filter.created().from()));
            where.append(" AND created_at >= $").append(parameters.size());
        }
        if (filter.created().until() != null) {
            parameters.add(DbTime.toDb(filter.created().until()));
            where.append(" AND created_at < $").append(parameters.size());
        }
        Uni<Long> total = client.preparedQuery("SELECT count(*) FROM leads " + where)
                .execute(Tuple.from(parameters))
                .map(rows -> rows.iterator().next().getLong(0));
        List<Object> pageParameters = new ArrayList<>(parameters);
        pageParameters.add(limit);
        pageParameters.add(offset);
        Uni<List<Lead>> items = client.preparedQuery("SELECT " + COLUMNS + " FROM leads " + where
                        + " ORDER BY created_at DESC, id DESC LIMIT $" + (parameters.size() + 1)
                        + " OFFSET $" + (parameters.size() + 2))
                .execute(Tuple.from(pageParameters))
                .map(rows -> {
                    List<Lead> leads = new ArrayList<>(rows.size());
                    rows.forEach(row -> leads.add(map(row)));
                    return leads;
                });
        return Uni.combine().all().unis(items, total).asTuple().map(both -> new Page(both.getItem1(), both.getItem2()));
    }

    private Lead map(Row row) {
        return new Lead(row.getUUID("id"), row.getUUID("org_id"), row.getUUID("agent_id"), row.getUUID("call_id"),
                row.getString("name"), row.getString("phone"), row.getString("email"),
                LeadStatus.fromWire(row.getString("status")).orElseThrow(), row.getString("source"),
                row.getString("notes"), metadata(row.getString("metadata")),
                DbTime.fromDb(row.getOffsetDateTime("created_at")), DbTime.fromDb(row.getOffsetDateTime("updated_at")));
    }

    private ObjectNode metadata(String json) {
        try {
            return (ObjectNode) objectMapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored lead metadata is not JSON", e);
        }
    }

    private String json(ObjectNode metadata) {
        try {
            return objectMapper.writeValueAsString(metadata);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
