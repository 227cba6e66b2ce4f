-- The caller persona a tester agent plays (POST /agents/:id/tester); null for every other agent. A column of its
-- own, so the agent record and the settings document stay as they are.
ALTER TABLE agents ADD COLUMN tester_persona text;

-- At most one live tester per target agent, whatever the interleaving of concurrent tester requests (the service
-- also takes the target's row lock first, so a request never meets this index as an error).
CREATE UNIQUE INDEX agents_one_live_tester_per_target ON agents (test_target_agent_id)
    WHERE is_tester AND deleted_at IS NULL;

-- Scored simulation runs (part 2.11). The simulations work fills this table; publishing a draft agent reads it.
-- prompt_sha256: lowercase hex SHA-256 of the UTF-8 bytes of the prompt the run tested, so a pass counts only for
-- the prompt it was earned on.
CREATE TABLE simulation_runs (
    id              uuid PRIMARY KEY,
    org_id          uuid NOT NULL,
    agent_id        uuid NOT NULL,
    tester_agent_id uuid NOT NULL,
    status          text NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
    score           integer CHECK (score BETWEEN 0 AND 100),
    prompt_sha256   text NOT NULL CHECK (prompt_sha256 ~ '^[0-9a-f]{64}$'),
    report          jsonb,
    created_at      timestamptz NOT NULL,
    started_at      timestamptz,
    finished_at     timestamptz
);

-- The publish rule: the best completed score of an agent on one prompt, read from the index alone.
CREATE INDEX simulation_runs_best_score ON simulation_runs (org_id, agent_id, prompt_sha256, score DESC)
    WHERE status = 'completed';
-- The run list of an agent, newest first.
CREATE INDEX simulation_runs_agent_created ON simulation_runs (org_id, agent_id, created_at DESC);
