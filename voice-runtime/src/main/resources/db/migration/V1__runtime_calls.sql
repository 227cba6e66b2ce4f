-- The calls this runtime carries: written when a dial is accepted (or an inbound call connected), ended once with
-- the outcome in the same transaction as its runtime.call.ended outbox row. A row still live at start belonged to
-- a runtime that stopped mid-call: it is ended as failed (runtime_restarted).
CREATE TABLE runtime_calls (
    id                  uuid PRIMARY KEY,
    org_id              uuid NOT NULL,
    agent_id            uuid NOT NULL,
    direction           text NOT NULL CHECK (direction IN ('outbound', 'inbound')),
    to_number           text NOT NULL,
    from_number         text,
    state               text NOT NULL CHECK (state IN ('ringing', 'connected', 'ended')),
    status              text CHECK (status IN ('completed', 'missed', 'failed')),
    end_reason          text,
    created_at          timestamptz NOT NULL,
    answered_at         timestamptz,
    ended_at            timestamptz,
    duration            integer,
    cost                numeric(12, 4),
    recording_available boolean NOT NULL DEFAULT false,
    CHECK ((state = 'ended') = (status IS NOT NULL))
);

-- The calls still live, which a restart ends.
CREATE INDEX runtime_calls_live ON runtime_calls (created_at) WHERE state <> 'ended';
