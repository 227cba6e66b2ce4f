-- A third state of an Idempotency-Key: 'unknown', a request forwarded whose answer never came (the service's
-- connection broke after the request was sent, or the route timed out). The service may have acted on it, so the key
-- is kept, bound to its request, rather than freed; a retry of the same request is forwarded again and the service
-- answers what it kept.
ALTER TABLE idempotency_records DROP CONSTRAINT idempotency_records_state_check;
ALTER TABLE idempotency_records ADD CONSTRAINT idempotency_records_state_check
    CHECK (state IN ('in_flight', 'unknown', 'completed'));
ALTER TABLE idempotency_records DROP CONSTRAINT idempotency_records_check;
ALTER TABLE idempotency_records ADD CONSTRAINT idempotency_records_answer_check
    CHECK (state <> 'completed' OR (response_status IS NOT NULL AND response_headers IS NOT NULL
        AND response_body IS NOT NULL));
