CREATE TABLE leads (
    id         uuid PRIMARY KEY,
    org_id     uuid NOT NULL,
    agent_id   uuid NOT NULL,
    call_id    uuid,
    name       text NOT NULL,
    phone      text NOT NULL,
    email      text,
    status     text NOT NULL CHECK (status IN ('new', 'contacted', 'qualified', 'converted', 'lost')),
    source     text,
    notes      text,
    metadata   jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);

-- Newest first, alone or filtered by status or agent; from_date/to_date ranges ride the created_at column.
CREATE INDEX leads_org_created ON leads (org_id, created_at DESC, id DESC);
CREATE INDEX leads_org_status_created ON leads (org_id, status, created_at DESC, id DESC);
CREATE INDEX leads_org_agent_created ON leads (org_id, agent_id, created_at DESC, id DESC);
-- One lead per call: a call runtime that retries its capture gets the lead it already made.
CREATE UNIQUE INDEX leads_org_call ON leads (org_id, call_id) WHERE call_id IS NOT NULL;
