-- One row per API key: its current clock-hour and UTC-day windows. Unlogged: a counter is not worth a WAL flush on
-- every request, and losing the counters in a database crash only forgives the windows in progress.
CREATE UNLOGGED TABLE rate_limit_counters (
    api_key_id   uuid PRIMARY KEY,
    hour_start   timestamptz NOT NULL,
    hour_count   integer     NOT NULL CHECK (hour_count >= 0),
    day_start    timestamptz NOT NULL,
    day_count    integer     NOT NULL CHECK (day_count >= 0),
    -- Whether the latest request was let through; returned by the same statement that counted it.
    last_allowed boolean     NOT NULL
);

-- The purge drops keys whose day window is over.
CREATE INDEX rate_limit_counters_day_idx ON rate_limit_counters (day_start);

-- Idempotency-Keys (part 5, rule 11), scoped to the API key that sent them.
CREATE TABLE idempotency_records (
    api_key_id       uuid        NOT NULL,
    idempotency_key  text        NOT NULL CHECK (char_length(idempotency_key) BETWEEN 1 AND 255),
    -- SHA-256 over method, path, query, If-Match and the exact body bytes.
    fingerprint      bytea       NOT NULL,
    -- Who holds the claim: completion and release only touch the claim they made.
    claim_token      uuid        NOT NULL,
    state            text        NOT NULL CHECK (state IN ('in_flight', 'completed')),
    claimed_at       timestamptz NOT NULL,
    expires_at       timestamptz NOT NULL,
    response_status  integer,
    -- [[name, value], ...] in the order the service sent them.
    response_headers jsonb,
    response_body    bytea,
    PRIMARY KEY (api_key_id, idempotency_key),
    CHECK (state = 'in_flight' OR (response_status IS NOT NULL AND response_headers IS NOT NULL
        AND response_body IS NOT NULL))
);

CREATE INDEX idempotency_records_expiry_idx ON idempotency_records (expires_at);
