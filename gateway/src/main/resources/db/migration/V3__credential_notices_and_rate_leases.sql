-- Every gateway replica remembers the keys it looked up (CredentialCache) and forgets them all when told that a key
-- or an organization changed. The notice comes from the database itself, whatever made the change, and reaches the
-- listeners when the change commits.
CREATE FUNCTION notify_credentials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('gateway_credentials_changed', TG_TABLE_NAME);
    RETURN NULL;
END
$$;

CREATE TRIGGER api_keys_changed AFTER UPDATE OR DELETE OR TRUNCATE ON api_keys
    FOR EACH STATEMENT EXECUTE FUNCTION notify_credentials_changed();
CREATE TRIGGER organizations_changed AFTER UPDATE OR DELETE OR TRUNCATE ON organizations
    FOR EACH STATEMENT EXECUTE FUNCTION notify_credentials_changed();

-- A replica takes a key's requests from the shared counters a few at a time (a lease) and lets them through from
-- memory; the counters hold every request granted to any replica. last_granted replaces last_allowed: how many
-- requests the latest statement granted, 0 when it refused.
ALTER TABLE rate_limit_counters DROP COLUMN last_allowed;
ALTER TABLE rate_limit_counters ADD COLUMN last_granted integer NOT NULL DEFAULT 0 CHECK (last_granted >= 0);
