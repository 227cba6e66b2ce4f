package dev.voiceplatform.agents.number.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Reads the phone-number projection for agent items. */
@ApplicationScoped
public class AgentPhoneNumberRepository {

    /** The numbers routing to each of the agents, first bound first: one query for a whole page. */
    public Uni<Map<UUID, List<String>>> numbersOf(SqlClient client, UUID organizationId, Collection<UUID> agentIds) {
        if (agentIds.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return client.preparedQuery("SELECT agent_id, phone_number FROM agent_phone_numbers WHERE org_id = $1 "
                        + "AND agent_id = ANY($2) ORDER BY bound_at, phone_number")
                .execute(Tuple.of(organizationId, agentIds.toArray(new UUID[0])))
                .map(rows -> {
                    Map<UUID, List<String>> numbers = new HashMap<>();
                    for (Row row : rows) {
                        numbers.computeIfAbsent(row.getUUID("agent_id"), agent -> new ArrayList<>())
                                .add(row.getString("phone_number"));
                    }
                    return numbers;
                });
    }
}
