-- Idempotent creates of a service: one row per Idempotency-Key of an organization, written in the same transaction as
-- the resource it created, so a create retried after a crash between commit and answer finds the resource instead of
-- making a second one.
-- Repeatable and idempotent, like db/inbox: a versioned file shared by services would sort below migrations a service
-- has already applied, which Flyway refuses; a repeatable one runs after the versioned ones wherever it is added.
CREATE TABLE IF NOT EXISTS idempotent_creates (
    org_id        uuid        NOT NULL,
    -- The key the gateway derived for the request (see IdempotentCreates.HEADER).
    key           text        NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
    resource_type text        NOT NULL,
    resource_id   uuid        NOT NULL,
    created_at    timestamptz NOT NULL,
    PRIMARY KEY (org_id, key)
);

CREATE INDEX IF NOT EXISTS idempotent_creates_created_at ON idempotent_creates (created_at);
