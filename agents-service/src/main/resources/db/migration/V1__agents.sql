CREATE TABLE agents (
    id                   uuid PRIMARY KEY,
    org_id               uuid NOT NULL,
    name                 text NOT NULL,
    description          text,
    prompt               text NOT NULL,
    greeting             text,
    language             text NOT NULL,
    voice                text NOT NULL,
    model                text NOT NULL,
    status               text NOT NULL CHECK (status IN ('active', 'inactive', 'draft', 'testing')),
    version              integer NOT NULL CHECK (version >= 1),
    is_tester            boolean NOT NULL DEFAULT false,
    test_target_agent_id uuid,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL,
    deleted_at           timestamptz
);

-- The list is newest first, with or without a status filter; deleted agents are never listed.
CREATE INDEX agents_org_created ON agents (org_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX agents_org_status_created ON agents (org_id, status, created_at DESC, id DESC) WHERE deleted_at IS NULL;
