package dev.voiceplatform.numbers.number.repository;

import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.db.Rows;
import dev.voiceplatform.numbers.number.PhoneNumber;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * SQL over the phone_numbers and retired_agents tables. Every query on held numbers is bounded by the organization;
 * the pool (available numbers) belongs to no organization.
 */
@ApplicationScoped
public class PhoneNumberRepository {

    private static final String COLUMNS = "id, org_id, phone_number, country, source, inbound_agent_id, acquired_at, "
            + "bound_at";
    private static final String ACQUISITION_LOCK = "numbers.acquisition";
    private static final String AGENT_LOCK_PREFIX = "numbers.agent:";

    /** The held number {@code phoneNumber} (E.164) when it routes to an agent, of whichever organization; or null. */
    public Uni<PhoneNumber> findRouted(SqlClient client, String phoneNumber) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM phone_numbers WHERE phone_number = $1 "
                        + "AND status = 'assigned' AND inbound_agent_id IS NOT NULL")
                .execute(Tuple.of(phoneNumber))
                .map(rows -> Rows.firstOrNull(rows, PhoneNumberRepository::map));
    }

    /** Adds numbers to a country's pool; those already known, in any state, are left alone. Returns how many. */
    public Uni<Integer> addToPool(SqlClient client, String country, List<String> phoneNumbers, Instant now) {
        if (phoneNumbers.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        List<Tuple> rows = new ArrayList<>(phoneNumbers.size());
        for (String phoneNumber : phoneNumbers) {
            rows.add(Tuple.of(Ids.newId(), phoneNumber, country, DbTime.toDb(now)));
        }
        return client.preparedQuery("INSERT INTO phone_numbers (id, phone_number, country, source, status, created_at) "
                        + "VALUES ($1, $2, $3, 'pool', 'available', $4) ON CONFLICT (phone_number) DO NOTHING")
                .executeBatch(rows)
                .map(PhoneNumberRepository::rowCountOfBatch);
    }

    /**
     * Serializes acquisitions across the platform for the rest of the transaction, so the one-number rule and the
     * platform cap are checked against a count no other acquisition is changing.
     */
    public Uni<Void> lockAcquisitions(SqlClient client) {
        return advisoryLock(client, ACQUISITION_LOCK);
    }

    /** Serializes binding, unbinding and retiring of one agent for the rest of the transaction. */
    public Uni<Void> lockAgent(SqlClient client, UUID agentId) {
        return advisoryLock(client, AGENT_LOCK_PREFIX + agentId);
    }

    /** The numbers the organization holds (released ones excluded), oldest first. */
    public Uni<List<PhoneNumber>> held(SqlClient client, UUID organizationId) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM phone_numbers WHERE org_id = $1 "
                        + "AND status = 'assigned' ORDER BY acquired_at, id")
                .execute(Tuple.of(organizationId))
                .map(PhoneNumberRepository::mapAll);
    }

    /** Numbers held by organizations across the platform. */
    public Uni<Long> countHeld(SqlClient client) {
        return client.query("SELECT count(*) FROM phone_numbers WHERE status = 'assigned'")
                .execute()
                .map(rows -> rows.iterator().next().getLong(0));
    }

    /**
     * Gives the organization the oldest available number of the country, or null when the pool has none. Rows another
     * transaction holds are skipped rather than waited for.
     */
    public Uni<PhoneNumber> takeFromPool(SqlClient client, String country, UUID organizationId, Instant now) {
        return client.preparedQuery("UPDATE phone_numbers SET status = 'assigned', org_id = $1, acquired_at = $2 "
                        + "WHERE id = (SELECT id FROM phone_numbers WHERE status = 'available' AND country = $3 "
                        + "ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING " + COLUMNS)
                .execute(Tuple.of(organizationId, DbTime.toDb(now), country))
                .map(rows -> Rows.firstOrNull(rows, PhoneNumberRepository::map));
    }

    /** Records a number a provider bought for the organization, held by it from now. */
    public Uni<PhoneNumber> insertPurchased(SqlClient client, String phoneNumber, String country, String source,
            UUID organizationId, Instant now) {
        return client.preparedQuery("INSERT INTO phone_numbers (id, phone_number, country, source, status, org_id, "
                        + "created_at, acquired_at) VALUES ($1, $2, $3, $4, 'assigned', $5, $6, $6) RETURNING " + COLUMNS)
                .execute(Tuple.from(new Object[] {Ids.newId(), phoneNumber, country, source, organizationId, DbTime.toDb(now)}))
                .map(rows -> Rows.firstOrNull(rows, PhoneNumberRepository::map));
    }

    /** A number the organization holds, locked for the rest of the transaction; null when it holds no such number. */
    public Uni<PhoneNumber> findHeldForUpdate(SqlClient client, UUID organizationId, UUID id) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM phone_numbers WHERE org_id = $1 AND id = $2 "
                        + "AND status = 'assigned' FOR UPDATE")
                .execute(Tuple.of(organizationId, id))
                .map(rows -> Rows.firstOrNull(rows, PhoneNumberRepository::map));
    }

    public Uni<Void> bind(SqlClient client, PhoneNumber number) {
        return client.preparedQuery("UPDATE phone_numbers SET inbound_agent_id = $1, bound_at = $2 "
                        + "WHERE org_id = $3 AND id = $4")
                .execute(Tuple.of(number.inboundAgentId(), DbTime.toDb(number.boundAt()), number.organizationId(), number.id()))
                .replaceWithVoid();
    }

    /** Unbinds every number of the organization routing to the agent; returns them, now unbound. */
    public Uni<List<PhoneNumber>> unbindAll(SqlClient client, UUID organizationId, UUID agentId) {
        return client.preparedQuery("UPDATE phone_numbers SET inbound_agent_id = NULL, bound_at = NULL "
                        + "WHERE org_id = $1 AND inbound_agent_id = $2 RETURNING " + COLUMNS)
                .execute(Tuple.of(organizationId, agentId))
                .map(PhoneNumberRepository::mapAll);
    }

    /** The numbers of the organization routing to the agent, first bound first. */
    public Uni<List<PhoneNumber>> boundTo(SqlClient client, UUID organizationId, UUID agentId) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM phone_numbers WHERE org_id = $1 "
                        + "AND inbound_agent_id = $2 ORDER BY bound_at, phone_number")
                .execute(Tuple.of(organizationId, agentId))
                .map(PhoneNumberRepository::mapAll);
    }

    public Uni<Boolean> isRetired(SqlClient client, UUID organizationId, UUID agentId) {
        return client.preparedQuery("SELECT 1 FROM retired_agents WHERE org_id = $1 AND agent_id = $2")
                .execute(Tuple.of(organizationId, agentId))
                .map(rows -> rows.size() > 0);
    }

    /** Marks the agent retired; retiring it again changes nothing. */
    public Uni<Void> retire(SqlClient client, UUID organizationId, UUID agentId, Instant now) {
        return client.preparedQuery("INSERT INTO retired_agents (org_id, agent_id, retired_at) VALUES ($1, $2, $3) "
                        + "ON CONFLICT DO NOTHING")
                .execute(Tuple.of(organizationId, agentId, DbTime.toDb(now)))
                .replaceWithVoid();
    }

    private static Uni<Void> advisoryLock(SqlClient client, String name) {
        return client.preparedQuery("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
                .execute(Tuple.of(name))
                .replaceWithVoid();
    }

    private static int rowCountOfBatch(RowSet<Row> result) {
        int count = 0;
        for (RowSet<Row> current = result; current != null; current = current.next()) {
            count += current.rowCount();
        }
        return count;
    }

    private static List<PhoneNumber> mapAll(RowSet<Row> rows) {
        List<PhoneNumber> numbers = new ArrayList<>(rows.size());
        for (Row row : rows) {
            numbers.add(map(row));
        }
        return numbers;
    }

    private static PhoneNumber map(Row row) {
        return new PhoneNumber(row.getUUID("id"), row.getUUID("org_id"), row.getString("phone_number"),
                row.getString("country"), row.getString("source"), row.getUUID("inbound_agent_id"),
                DbTime.fromDb(row.getOffsetDateTime("acquired_at")), DbTime.fromDb(row.getOffsetDateTime("bound_at")));
    }
}
