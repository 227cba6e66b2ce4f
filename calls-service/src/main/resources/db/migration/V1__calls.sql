-- Call records (part 2.5). The agent's name is kept on the row, so a page of calls is one query, not one per agent.
CREATE TABLE calls (
    id                  uuid PRIMARY KEY,
    org_id              uuid NOT NULL,
    agent_id            uuid NOT NULL,
    agent_name          text,
    -- The API key that placed an outbound call (the key's daily slot is given back through it); null inbound.
    key_id              text,
    direction           text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
    status              text NOT NULL CHECK (status IN ('initiating', 'in_progress', 'completed', 'missed', 'failed')),
    end_reason          text,
    caller              text NOT NULL,
    callee              text,
    started_at          timestamptz,
    ended_at            timestamptz,
    duration            integer,
    cost                numeric(14, 4),
    summary             text,
    transcript          jsonb,
    recording_available boolean NOT NULL DEFAULT false,
    metadata            jsonb NOT NULL DEFAULT '{}'::jsonb,
    -- True while the call holds one of its organization's live-call slots (org_live_calls); cleared exactly once.
    holds_live_slot     boolean NOT NULL DEFAULT false,
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL
);

-- Newest first, alone or filtered by status, direction or agent; from_date/to_date ride created_at.
CREATE INDEX calls_org_created ON calls (org_id, created_at DESC, id DESC);
CREATE INDEX calls_org_status_created ON calls (org_id, status, created_at DESC, id DESC);
CREATE INDEX calls_org_direction_created ON calls (org_id, direction, created_at DESC, id DESC);
-- Also serves the agent's stats and usage.
CREATE INDEX calls_org_agent_created ON calls (org_id, agent_id, created_at DESC, id DESC);
-- The reconciliation sweep looks only at calls still ringing.
CREATE INDEX calls_initiating ON calls (created_at) WHERE status = 'initiating';

-- The duplicate guard: one row per (organization, agent, number), claimed by a create while guarded_until has passed.
CREATE TABLE call_guards (
    org_id        uuid NOT NULL,
    agent_id      uuid NOT NULL,
    phone_number  text NOT NULL,
    call_id       uuid NOT NULL,
    guarded_until timestamptz NOT NULL,
    PRIMARY KEY (org_id, agent_id, phone_number)
);

-- Outbound calls each API key placed per UTC day (part 8: 50).
CREATE TABLE key_daily_calls (
    org_id uuid NOT NULL,
    key_id text NOT NULL,
    day    date NOT NULL,
    used   integer NOT NULL CHECK (used >= 0),
    PRIMARY KEY (org_id, key_id, day)
);

-- Outbound calls of an organization per UTC day and per UTC month (period_start is the day, or the month's first day).
CREATE TABLE org_call_budgets (
    org_id       uuid NOT NULL,
    period       text NOT NULL CHECK (period IN ('day', 'month')),
    period_start date NOT NULL,
    used         integer NOT NULL CHECK (used >= 0),
    PRIMARY KEY (org_id, period, period_start)
);

-- Live calls of an organization by direction: the outbound concurrency cap and the inbound ceiling.
CREATE TABLE org_live_calls (
    org_id    uuid NOT NULL,
    direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
    live      integer NOT NULL CHECK (live >= 0),
    PRIMARY KEY (org_id, direction)
);

-- The rate-limit tier each organization's requests last carried, for inbound calls (their token carries no tier).
CREATE TABLE org_tiers (
    org_id     uuid PRIMARY KEY,
    tier       text NOT NULL,
    updated_at timestamptz NOT NULL
);

-- The do-not-call list of each organization.
CREATE TABLE do_not_call (
    org_id       uuid NOT NULL,
    phone_number text NOT NULL,
    source       text NOT NULL CHECK (source IN ('admin', 'caller_request')),
    reason       text,
    created_at   timestamptz NOT NULL,
    PRIMARY KEY (org_id, phone_number)
);

CREATE INDEX do_not_call_org_created ON do_not_call (org_id, created_at DESC, phone_number);
