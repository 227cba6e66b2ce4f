package dev.voiceplatform.gateway.organizations;

import dev.voiceplatform.common.api.PageRequest;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.db.Rows;
import dev.voiceplatform.gateway.keys.CredentialCache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Organizations in the gateway's database. */
@ApplicationScoped
public class OrganizationRepository {

    private static final String COLUMNS = Organization.COLUMNS;
    private static final String ORDER = " ORDER BY created_at DESC, id DESC LIMIT $%d OFFSET $%d";

    private final Pool pool;
    private final CredentialCache credentials;

    public OrganizationRepository(Pool pool, CredentialCache credentials) {
        this.pool = pool;
        this.credentials = credentials;
    }

    /** One page of organizations, newest first, and the total; optionally only those with exactly this name. */
    public record Page(List<Organization> items, long total) {
    }

    public Uni<Organization> insert(Organization organization) {
        Tuple values = Tuple.tuple()
                .addUUID(organization.id())
                .addString(organization.name())
                .addString(organization.plan().wireName())
                .addString(organization.status().wireName())
                .addInteger(organization.maxAgents())
                .addArrayOfString(organization.entitlements().toArray(String[]::new))
                .addString(organization.kind().wireName())
                .addOffsetDateTime(DbTime.toDb(organization.createdAt()))
                .addOffsetDateTime(DbTime.toDb(organization.updatedAt()));
        return pool.preparedQuery("INSERT INTO organizations (" + COLUMNS + ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                + " RETURNING " + COLUMNS)
                .execute(values)
                .map(OrganizationRepository::single);
    }

    public Uni<Page> list(Optional<String> name, PageRequest page) {
        Uni<Long> total;
        Uni<RowSet<Row>> rows;
        if (name.isPresent()) {
            total = pool.preparedQuery("SELECT count(*) FROM organizations WHERE name = $1")
                    .execute(Tuple.of(name.get())).map(OrganizationRepository::count);
            rows = pool.preparedQuery("SELECT " + COLUMNS + " FROM organizations WHERE name = $1" + ORDER.formatted(2, 3))
                    .execute(Tuple.of(name.get(), page.limit(), page.offset()));
        } else {
            total = pool.query("SELECT count(*) FROM organizations").execute().map(OrganizationRepository::count);
            rows = pool.preparedQuery("SELECT " + COLUMNS + " FROM organizations" + ORDER.formatted(1, 2))
                    .execute(Tuple.of(page.limit(), page.offset()));
        }
        return Uni.combine().all().unis(total, rows)
                .with((count, result) -> new Page(all(result), count));
    }

    public Uni<Optional<Organization>> find(UUID id) {
        return pool.preparedQuery("SELECT " + COLUMNS + " FROM organizations WHERE id = $1")
                .execute(Tuple.of(id))
                .map(OrganizationRepository::optional);
    }

    /** Applies the non-null changes in one statement; empty when no such organization exists. */
    public Uni<Optional<Organization>> update(UUID id, OrganizationChanges changes, Instant now) {
        Tuple values = Tuple.tuple()
                .addUUID(id)
                .addString(changes.name())
                .addString(changes.plan() == null ? null : changes.plan().wireName())
                .addString(changes.status() == null ? null : changes.status().wireName())
                .addInteger(changes.maxAgents())
                .addArrayOfString(changes.entitlements() == null ? null : changes.entitlements().toArray(String[]::new))
                .addString(changes.kind() == null ? null : changes.kind().wireName())
                .addOffsetDateTime(DbTime.toDb(now));
        return pool.preparedQuery("UPDATE organizations SET name = COALESCE($2, name), plan = COALESCE($3, plan),"
                + " status = COALESCE($4, status), max_agents = COALESCE($5, max_agents),"
                + " entitlements = COALESCE($6, entitlements), kind = COALESCE($7, kind), updated_at = $8"
                + " WHERE id = $1 RETURNING " + COLUMNS)
                .execute(values)
                // The database tells every replica; this one forgets at once, so its next request sees the change.
                .invoke(credentials::forgetAll)
                .map(OrganizationRepository::optional);
    }

    private static long count(RowSet<Row> rows) {
        return rows.iterator().next().getLong(0);
    }

    private static Organization single(RowSet<Row> rows) {
        return Organization.from(rows.iterator().next());
    }

    private static Optional<Organization> optional(RowSet<Row> rows) {
        return Rows.first(rows, Organization::from);
    }

    private static List<Organization> all(RowSet<Row> rows) {
        List<Organization> out = new ArrayList<>(rows.size());
        for (Row row : rows) {
            out.add(Organization.from(row));
        }
        return out;
    }
}
