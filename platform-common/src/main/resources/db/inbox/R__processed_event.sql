-- Inbox of a consuming service: one row per event a consumer applied, written in the same transaction as the
-- effect, so a redelivered event is recognised and applied once.
-- Repeatable and idempotent: a versioned file shared by services would sort below migrations a service has already
-- applied, which Flyway refuses; a repeatable one runs after the versioned ones wherever it is added.
CREATE TABLE IF NOT EXISTS processed_event (
    consumer     text NOT NULL,
    event_id     uuid NOT NULL,
    processed_at timestamptz NOT NULL,
    PRIMARY KEY (consumer, event_id)
);

CREATE INDEX IF NOT EXISTS processed_event_processed_at ON processed_event (processed_at);
