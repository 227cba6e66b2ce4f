CREATE TABLE webhook_subscriptions (
    id                   uuid PRIMARY KEY,
    org_id               uuid NOT NULL,
    url                  text NOT NULL,
    events               text[] NOT NULL,
    agent_id             uuid,
    -- Sealed (SecretSealer): the secret must be readable to sign, so it is encrypted, not hashed.
    secret               text NOT NULL,
    is_active            boolean NOT NULL,
    is_paused            boolean NOT NULL,
    http_method          text NOT NULL,
    content_type         text NOT NULL,
    -- Sealed JSON object of header name to value; credentials, never returned.
    custom_headers       text,
    payload_template     jsonb,
    condition            jsonb,
    consecutive_failures integer NOT NULL DEFAULT 0,
    last_delivery_at     timestamptz,
    last_delivery_status text,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL
);

CREATE INDEX webhook_subscriptions_org ON webhook_subscriptions (org_id, created_at, id);

-- One row per message sent or to be sent: a real delivery (one per event and subscription), a test send or a replay.
CREATE TABLE webhook_deliveries (
    id               text PRIMARY KEY,             -- X-Webhook-ID, identical across retries
    org_id           uuid NOT NULL,
    subscription_id  uuid NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
    event_id         text NOT NULL,                -- the envelope id, shared by every subscriber of the event
    event_type       text NOT NULL,
    event_data       jsonb NOT NULL,
    occurred_at      timestamptz NOT NULL,
    correlation_id   text NOT NULL,
    -- The body as sent when a payload template rendered it (a replay re-sends it); null for the standard envelope.
    templated_body   text,
    is_test          boolean NOT NULL,
    replay_of        text,
    status           text NOT NULL CHECK (status IN ('pending', 'success', 'failed')),
    attempt_count    integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz,
    lease_until      timestamptz,
    response_status  integer,
    response_time_ms integer,
    error_message    text,
    failure_class    text,
    created_at       timestamptz NOT NULL,
    updated_at       timestamptz NOT NULL
);

-- An event reaches a subscription once, however often Kafka hands it over.
CREATE UNIQUE INDEX webhook_deliveries_event_once ON webhook_deliveries (subscription_id, event_id) WHERE NOT is_test;
-- What the delivery worker claims.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
-- The delivery log, newest first.
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (subscription_id, created_at DESC, id DESC);
-- Replay caps per UTC day.
CREATE INDEX webhook_deliveries_replays ON webhook_deliveries (org_id, created_at) WHERE replay_of IS NOT NULL;

-- Every attempt of every delivery.
CREATE TABLE webhook_attempts (
    delivery_id      text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempt          integer NOT NULL,
    attempted_at     timestamptz NOT NULL,
    response_status  integer,
    response_time_ms integer NOT NULL,
    error_message    text,
    failure_class    text,
    PRIMARY KEY (delivery_id, attempt)
);
