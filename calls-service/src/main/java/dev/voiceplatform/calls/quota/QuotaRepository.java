package dev.voiceplatform.calls.quota;

import dev.voiceplatform.calls.call.Direction;
import dev.voiceplatform.common.db.DbTime;
import dev.voiceplatform.common.db.Rows;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * The counters that bound calls: the duplicate guard, the key's daily slots, the organization's daily and monthly
 * budgets and its live calls. Each is one conditional upsert of a row of its own, so a take either fits and counts or
 * changes nothing, and no organization-wide lock is ever taken: concurrent creates meet only on the row they both
 * count in, for the moment it takes to commit.
 */
@ApplicationScoped
public class QuotaRepository {

    /**
     * Claims the guard of (organization, agent, number) for {@code callId} until {@code until}, unless another call holds
     * it past {@code now}; answers the call that holds it, or null when this one now does. A concurrent claim of the same
     * guard waits for this transaction, then sees the guard taken.
     */
    public Uni<UUID> claimGuard(SqlClient tx, UUID organizationId, UUID agentId, String number, UUID callId,
            Instant now, Instant until) {
        return tx.preparedQuery("INSERT INTO call_guards AS g (org_id, agent_id, phone_number, call_id, guarded_until) "
                        + "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (org_id, agent_id, phone_number) DO UPDATE "
                        + "SET call_id = EXCLUDED.call_id, guarded_until = EXCLUDED.guarded_until "
                        + "WHERE g.guarded_until <= $6 RETURNING call_id")
                .execute(Tuple.of(organizationId, agentId, number, callId, DbTime.toDb(until), DbTime.toDb(now)))
                .chain(claimed -> claimed.size() == 1 ? Uni.createFrom().nullItem()
                        // A new statement: it sees the guard the concurrent create committed.
                        : tx.preparedQuery("SELECT call_id FROM call_guards WHERE org_id = $1 AND agent_id = $2 "
                                        + "AND phone_number = $3")
                                .execute(Tuple.of(organizationId, agentId, number))
                                .map(rows -> Rows.firstOrNull(rows, row -> row.getUUID("call_id"))));
    }

    /** Frees the guard if {@code callId} still holds it, so the number can be called again at once. */
    public Uni<Void> releaseGuard(SqlClient tx, UUID organizationId, UUID agentId, String number, UUID callId,
            Instant now) {
        return tx.preparedQuery("UPDATE call_guards SET guarded_until = $5 WHERE org_id = $1 AND agent_id = $2 "
                        + "AND phone_number = $3 AND call_id = $4")
                .execute(Tuple.of(organizationId, agentId, number, callId, DbTime.toDb(now)))
                .replaceWithVoid();
    }

    /** Takes one of the key's calls of the day unless {@code limit} are used; false when none is left. */
    public Uni<Boolean> takeKeySlot(SqlClient tx, UUID organizationId, String keyId, LocalDate day, int limit) {
        return tx.preparedQuery("INSERT INTO key_daily_calls AS k (org_id, key_id, day, used) SELECT $1, $2, $3, 1 "
                        + "WHERE $4 > 0 ON CONFLICT (org_id, key_id, day) DO UPDATE SET used = k.used + 1 "
                        + "WHERE k.used < $4 RETURNING used")
                .execute(Tuple.of(organizationId, keyId, day, limit))
                .map(rows -> rows.size() == 1);
    }

    public Uni<Void> releaseKeySlot(SqlClient tx, UUID organizationId, String keyId, LocalDate day) {
        return tx.preparedQuery("UPDATE key_daily_calls SET used = used - 1 WHERE org_id = $1 AND key_id = $2 "
                        + "AND day = $3 AND used > 0")
                .execute(Tuple.of(organizationId, keyId, day))
                .replaceWithVoid();
    }

    /** Calls the key placed on the day. */
    public Uni<Integer> keyCallsUsed(SqlClient client, UUID organizationId, String keyId, LocalDate day) {
        return client.preparedQuery("SELECT used FROM key_daily_calls WHERE org_id = $1 AND key_id = $2 AND day = $3")
                .execute(Tuple.of(organizationId, keyId, day))
                .map(rows -> Rows.first(rows, row -> row.getInteger(0)).orElse(0));
    }

    /** Takes one call of the organization's budget for the period starting {@code start}; false when it is spent. */
    public Uni<Boolean> takeBudget(SqlClient tx, UUID organizationId, Period period, LocalDate start, int limit) {
        return tx.preparedQuery("INSERT INTO org_call_budgets AS b (org_id, period, period_start, used) "
                        + "SELECT $1, $2, $3, 1 WHERE $4 > 0 ON CONFLICT (org_id, period, period_start) DO UPDATE "
                        + "SET used = b.used + 1 WHERE b.used < $4 RETURNING used")
                .execute(Tuple.of(organizationId, period.wireName(), start, limit))
                .map(rows -> rows.size() == 1);
    }

    public Uni<Void> releaseBudget(SqlClient tx, UUID organizationId, Period period, LocalDate start) {
        return tx.preparedQuery("UPDATE org_call_budgets SET used = used - 1 WHERE org_id = $1 AND period = $2 "
                        + "AND period_start = $3 AND used > 0")
                .execute(Tuple.of(organizationId, period.wireName(), start))
                .replaceWithVoid();
    }

    /** Takes one of the organization's live-call slots of a direction unless {@code cap} are live. */
    public Uni<Boolean> takeLiveSlot(SqlClient tx, UUID organizationId, Direction direction, int cap) {
        return tx.preparedQuery("INSERT INTO org_live_calls AS l (org_id, direction, live) SELECT $1, $2, 1 "
                        + "WHERE $3 > 0 ON CONFLICT (org_id, direction) DO UPDATE SET live = l.live + 1 "
                        + "WHERE l.live < $3 RETURNING live")
                .execute(Tuple.of(organizationId, direction.wireName(), cap))
                .map(rows -> rows.size() == 1);
    }

    public Uni<Void> releaseLiveSlot(SqlClient tx, UUID organizationId, Direction direction) {
        return tx.preparedQuery("UPDATE org_live_calls SET live = live - 1 WHERE org_id = $1 AND direction = $2 "
                        + "AND live > 0")
                .execute(Tuple.of(organizationId, direction.wireName()))
                .replaceWithVoid();
    }

    /** Remembers the organization's tier as its latest request carried it; writes nothing when it is unchanged. */
    public Uni<Void> rememberTier(SqlClient tx, UUID organizationId, String tier, Instant now) {
        return tx.preparedQuery("INSERT INTO org_tiers AS t (org_id, tier, updated_at) VALUES ($1, $2, $3) "
                        + "ON CONFLICT (org_id) DO UPDATE SET tier = EXCLUDED.tier, updated_at = EXCLUDED.updated_at "
                        + "WHERE t.tier <> EXCLUDED.tier")
                .execute(Tuple.of(organizationId, tier, DbTime.toDb(now)))
                .replaceWithVoid();
    }

    /** The tier last seen for the organization, or null. */
    public Uni<String> tierOf(SqlClient client, UUID organizationId) {
        return client.preparedQuery("SELECT tier FROM org_tiers WHERE org_id = $1")
                .execute(Tuple.of(organizationId))
                .map(rows -> Rows.firstOrNull(rows, row -> row.getString(0)));
    }

    /** The two budget periods of an organization's outbound calls. */
    public enum Period {
        DAY, MONTH;

        public String wireName() {
            return this == DAY ? "day" : "month";
        }
    }
}
