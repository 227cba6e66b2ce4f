-- Which gateway replica holds an in-flight claim, so a replica restarting after a crash can tell its own dead claims
-- from a live replica's and turn them into 'unknown' at once. NULL for claims made before this column existed: they
-- are left to the in-flight timeout.
ALTER TABLE idempotency_records ADD COLUMN replica_id text;

CREATE INDEX idempotency_records_in_flight_replica_idx ON idempotency_records (replica_id) WHERE state = 'in_flight';
