CREATE TABLE organizations (
    id           uuid PRIMARY KEY,
    name         text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    plan         text        NOT NULL CHECK (plan IN ('trial', 'starter', 'pro', 'enterprise')),
    status       text        NOT NULL CHECK (status IN ('active', 'suspended', 'trial_expired')),
    max_agents   integer     NOT NULL CHECK (max_agents >= 0),
    entitlements text[]      NOT NULL DEFAULT '{}',
    kind         text        NOT NULL CHECK (kind IN ('organization', 'reseller')),
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL
);

-- The admin list filters by exact name and pages newest first.
CREATE INDEX organizations_name_idx ON organizations (name, created_at DESC, id DESC);
CREATE INDEX organizations_created_idx ON organizations (created_at DESC, id DESC);

CREATE TABLE api_keys (
    id         uuid PRIMARY KEY,
    org_id     uuid        NOT NULL REFERENCES organizations (id),
    name       text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    -- Lowercase hex SHA-256 of the whole key; the key itself is never stored.
    key_hash   text        NOT NULL CHECK (key_hash ~ '^[0-9a-f]{64}$'),
    key_prefix text        NOT NULL,
    scopes     text[]      NOT NULL,
    -- Copied from the organization when the key is made, so changing the organization's kind never widens a key.
    kind       text        NOT NULL CHECK (kind IN ('organization', 'reseller')),
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz
);

CREATE UNIQUE INDEX api_keys_key_hash_idx ON api_keys (key_hash);
CREATE INDEX api_keys_org_idx ON api_keys (org_id, created_at DESC, id DESC);
