-- The drafting wizards' limit of 5 per minute per key creator (part 8), shared by every replica of the service.
-- One row per API key: the fixed one-minute window it last counted in and how many wizard calls fell in it. A call
-- in a later window restarts the count, so the table never grows beyond one row per key that used a wizard.
CREATE TABLE draft_rate_windows (
    key_id       text        PRIMARY KEY,
    window_start timestamptz NOT NULL,
    count        integer     NOT NULL
);
