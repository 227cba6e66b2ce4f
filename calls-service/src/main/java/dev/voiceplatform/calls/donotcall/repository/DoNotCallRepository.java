package dev.voiceplatform.calls.donotcall.repository;

import dev.voiceplatform.calls.donotcall.DoNotCallEntry;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.db.Rows;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** SQL over the do-not-call lists; every query is bounded by the organization. */
@ApplicationScoped
public class DoNotCallRepository {

    private static final String COLUMNS = "org_id, phone_number, source, reason, created_at";

    /** A page of the list and how many numbers it holds. */
    public record Page(List<DoNotCallEntry> items, long total) {
    }

    public Uni<Boolean> listed(SqlClient client, UUID organizationId, String phoneNumber) {
        return client.preparedQuery("SELECT 1 FROM do_not_call WHERE org_id = $1 AND phone_number = $2")
                .execute(Tuple.of(organizationId, phoneNumber))
                .map(rows -> rows.size() > 0);
    }

    public Uni<DoNotCallEntry> find(SqlClient client, UUID organizationId, String phoneNumber) {
        return client.preparedQuery("SELECT " + COLUMNS + " FROM do_not_call WHERE org_id = $1 AND phone_number = $2")
                .execute(Tuple.of(organizationId, phoneNumber))
                .map(rows -> Rows.firstOrNull(rows, DoNotCallRepository::map));
    }

    /** Adds the number; false when it is listed already (the entry there is kept as it is). */
    public Uni<Boolean> add(SqlClient client, DoNotCallEntry entry) {
        return client.preparedQuery("INSERT INTO do_not_call (" + COLUMNS + ") VALUES ($1, $2, $3, $4, $5) "
                        + "ON CONFLICT (org_id, phone_number) DO NOTHING")
                .execute(Tuple.of(entry.organizationId(), entry.phoneNumber(), entry.source(), entry.reason(),
                        DbTime.toDb(entry.createdAt())))
                .map(result -> result.rowCount() == 1);
    }

    public Uni<Boolean> remove(SqlClient client, UUID organizationId, String phoneNumber) {
        return client.preparedQuery("DELETE FROM do_not_call WHERE org_id = $1 AND phone_number = $2")
                .execute(Tuple.of(organizationId, phoneNumber))
                .map(result -> result.rowCount() == 1);
    }

    /** Newest first; two queries whatever the page size. */
    public Uni<Page> page(SqlClient client, UUID organizationId, int limit, int offset) {
        Uni<Long> total = client.preparedQuery("SELECT count(*) FROM do_not_call WHERE org_id = $1")
                .execute(Tuple.of(organizationId))
                .map(rows -> rows.iterator().next().getLong(0));
        Uni<List<DoNotCallEntry>> items = client.preparedQuery("SELECT " + COLUMNS + " FROM do_not_call "
                        + "WHERE org_id = $1 ORDER BY created_at DESC, phone_number LIMIT $2 OFFSET $3")
                .execute(Tuple.of(organizationId, limit, offset))
                .map(rows -> {
                    List<DoNotCallEntry> entries = new ArrayList<>(rows.size());
                    rows.forEach(row -> entries.add(map(row)));
                    return entries;
                });
        return Uni.combine().all().unis(items, total).asTuple().map(both -> new Page(both.getItem1(), both.getItem2()));
    }

    private static DoNotCallEntry map(Row row) {
        return new DoNotCallEntry(row.getUUID("org_id"), row.getString("phone_number"), row.getString("source"),
                row.getString("reason"), DbTime.fromDb(row.getOffsetDateTime("created_at")));
    }
}
