-- How many of its plan's agent slots each organization uses: agents not deleted and not testers. Creates and
-- duplicates take a slot with one conditional upsert as the last statement of their transaction, deletes give it back
-- in theirs, so the count is exact and its row is locked only while its transaction commits. It replaces an
-- organization-wide lock taken at the start of every create and a count(*) of the organization's agents.
CREATE TABLE agent_plan_slots (
    org_id uuid    PRIMARY KEY,
    used   integer NOT NULL CHECK (used >= 0)
);

INSERT INTO agent_plan_slots (org_id, used)
SELECT org_id, count(*) FROM agents WHERE deleted_at IS NULL AND NOT is_tester GROUP BY org_id;
