package dev.voiceplatform.gateway.organizations;

import dev.voiceplatform.common.tenancy.KeyKind;
import dev.voiceplatform.gateway.DbTime;
import io.vertx.mutiny.sqlclient.Row;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** An organization as stored: a customer account, or a reseller acting for several. */
public record Organization(UUID id, String name, Plan plan, AccountStatus status, int maxAgents,
        List<String> entitlements, KeyKind kind, Instant createdAt, Instant updatedAt) {

    static final String COLUMNS = "id, name, plan, status, max_agents, entitlements, kind, created_at, updated_at";

    static Organization from(Row row) {
        return new Organization(row.getUUID("id"), row.getString("name"), Plan.fromWire(row.getString("plan")),
                AccountStatus.fromWire(row.getString("status")), row.getInteger("max_agents"),
                List.of(row.getArrayOfStrings("entitlements")), KeyKind.fromWire(row.getString("kind")),
                DbTime.fromDb(row.getOffsetDateTime("created_at")),
                DbTime.fromDb(row.getOffsetDateTime("updated_at")));
    }
}
