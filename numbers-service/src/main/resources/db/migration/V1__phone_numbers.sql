-- Every number the platform knows: the pool (available, no organization), numbers organizations hold (assigned,
-- possibly routing to one of their agents) and numbers given up (released, kept for the record).
CREATE TABLE phone_numbers (
    id               uuid PRIMARY KEY,
    phone_number     text NOT NULL UNIQUE,
    country          text NOT NULL,
    source           text NOT NULL,
    status           text NOT NULL CHECK (status IN ('available', 'assigned', 'released')),
    org_id           uuid,
    inbound_agent_id uuid,
    created_at       timestamptz NOT NULL,
    acquired_at      timestamptz,
    bound_at         timestamptz,
    released_at      timestamptz,
    CHECK ((status = 'available') = (org_id IS NULL)),
    CHECK (inbound_agent_id IS NULL OR status = 'assigned')
);

-- Acquisition takes the oldest available number of a country.
CREATE INDEX phone_numbers_pool ON phone_numbers (country, created_at, id) WHERE status = 'available';
-- One number per organization (part 8); the acquisition lock enforces it, this index is the second line of defence.
-- It also serves the organization's list and the platform-wide count of held numbers.
CREATE UNIQUE INDEX phone_numbers_one_per_org ON phone_numbers (org_id) WHERE status = 'assigned';
-- The numbers routing to an agent (unbind, retire).
CREATE INDEX phone_numbers_agent ON phone_numbers (org_id, inbound_agent_id) WHERE inbound_agent_id IS NOT NULL;

-- Agents whose deletion the agents service has started: they can never be bound again.
CREATE TABLE retired_agents (
    org_id     uuid NOT NULL,
    agent_id   uuid NOT NULL,
    retired_at timestamptz NOT NULL,
    PRIMARY KEY (org_id, agent_id)
);
