package dev.voiceplatform.gateway.organizations;

import dev.voiceplatform.common.api.Ids;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.tenancy.KeyKind;
import io.vertx.mutiny.sqlclient.Row;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.UUID;

/** An organization as stored: a customer account, or a reseller acting for several. */
public record Organization(UUID id, String name, Plan plan, AccountStatus status, int maxAgents,
        List<String> entitlements, KeyKind kind, Instant createdAt, Instant updatedAt) {

    static final String COLUMNS = "id, name, plan, status, max_agents, entitlements, kind, created_at, updated_at";

    /**
     * A new organization as the operator describes it; what is left out takes its default: active, the plan's agent
     * limit, no entitlements, an organization (not a reseller). Entitlements are kept once each, in the order given.
     */
    public static Organization open(String name, Plan plan, AccountStatus status, Integer maxAgents,
            List<String> entitlements, KeyKind kind, Instant now) {
        return new Organization(Ids.newId(), name, plan, status == null ? AccountStatus.ACTIVE : status,
                maxAgents == null ? plan.defaultMaxAgents() : maxAgents,
                entitlements == null ? List.of() : distinct(entitlements), kind == null ? KeyKind.ORGANIZATION : kind,
                now, now);
    }

    static List<String> distinct(List<String> values) {
        return List.copyOf(new LinkedHashSet<>(values));
    }

    static Organization from(Row row) {
        return new Organization(row.getUUID("id"), row.getString("name"), Plan.fromWire(row.getString("plan")),
                AccountStatus.fromWire(row.getString("status")), row.getInteger("max_agents"),
                List.of(row.getArrayOfStrings("entitlements")), KeyKind.fromWire(row.getString("kind")),
                DbTime.fromDb(row.getOffsetDateTime("created_at")),
                DbTime.fromDb(row.getOffsetDateTime("updated_at")));
    }
}
