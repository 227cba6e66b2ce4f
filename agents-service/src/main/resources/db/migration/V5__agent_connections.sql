-- Calendar accounts an organization connected in the dashboard (through OAuth there; the API cannot add one).
-- An agent's calendar settings may point at one of them.
CREATE TABLE calendar_connections (
    id            uuid PRIMARY KEY,
    org_id        uuid NOT NULL,
    provider      text NOT NULL,
    account_email text,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX calendar_connections_org ON calendar_connections (org_id);

-- The calendar settings of part 2.13, one row per agent once something was saved (absent: the defaults apply).
CREATE TABLE agent_calendars (
    id                     uuid PRIMARY KEY,
    org_id                 uuid NOT NULL,
    agent_id               uuid NOT NULL UNIQUE REFERENCES agents (id) ON DELETE CASCADE,
    calendar_connection_id uuid REFERENCES calendar_connections (id) ON DELETE SET NULL,
    is_enabled             boolean NOT NULL,
    timezone               text NOT NULL,
    default_duration       integer NOT NULL,
    buffer_time            integer NOT NULL,
    event_type_id          text,
    event_type_slug        text,
    created_at             timestamptz NOT NULL,
    updated_at             timestamptz NOT NULL
);

-- External accounts an organization connected once in the dashboard through OAuth, one per family: suite-a
-- (also behind suite-a-calendar and suite-a-mail), crm-a, crm-b. A row means connected.
CREATE TABLE integration_accounts (
    org_id        uuid NOT NULL,
    family        text NOT NULL CHECK (family IN ('suite-a', 'crm-a', 'crm-b')),
    suite_a_email text,
    portal_id     text,
    instance_url  text,
    connected_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, family)
);

-- Per-agent preferences of each integration (snake_case keys as the API sends them), only the keys saved.
CREATE TABLE agent_integrations (
    agent_id    uuid NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
    integration text NOT NULL,
    org_id      uuid NOT NULL,
    config      jsonb NOT NULL,
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    PRIMARY KEY (agent_id, integration)
);
