package dev.voiceplatform.agents.simulation.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/** SQL over the simulation_runs table, as far as the agent lifecycle reads it. */
@ApplicationScoped
public class SimulationRunRepository {

    /** The score a run needs on the current prompt before a draft agent may be published (part 8). */
    public static final int PASSING_SCORE = 70;

    /** The best score of a completed run of the agent on the prompt with this hash; null when there is none. */
    public Uni<Integer> bestCompletedScore(SqlClient client, UUID organizationId, UUID agentId, String promptSha256) {
        return client.preparedQuery("SELECT max(score) AS best FROM simulation_runs WHERE org_id = $1 "
                        + "AND agent_id = $2 AND prompt_sha256 = $3 AND status = 'completed'")
                .execute(Tuple.of(organizationId, agentId, promptSha256))
                .map(rows -> rows.iterator().next().getInteger("best"));
    }
}
