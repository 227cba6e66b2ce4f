-- Transactional outbox shared by every service: a row is appended in the same transaction as the change
-- it describes, and the relay publishes it to Kafka after commit.
CREATE TABLE outbox_event (
    id           uuid PRIMARY KEY,
    seq          bigserial NOT NULL,
    topic        text NOT NULL,
    message_key  text NOT NULL,
    event_type   text NOT NULL,
    payload      jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
);

CREATE INDEX outbox_event_unpublished ON outbox_event (seq) WHERE published_at IS NULL;
CREATE INDEX outbox_event_published_at ON outbox_event (published_at) WHERE published_at IS NOT NULL;

-- Notifications are delivered at commit, so the relay wakes exactly when there is something to publish.
CREATE FUNCTION outbox_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('outbox_event', '');
    RETURN NULL;
END;
$$;

CREATE TRIGGER outbox_event_inserted AFTER INSERT ON outbox_event
    FOR EACH STATEMENT EXECUTE FUNCTION outbox_event_notify();
