-- The settings document of part 2.4 beyond the columns the agent object shares with it (name, description,
-- prompt, greeting, language, voice, model stay columns: one source of truth for both paths).
-- settings: every other writable key, camelCase, absent when unset; the per-agent webhook block sits under
-- "webhook" without its secret. secrets: the write-only credentials (webhook.secret, vendor1ApiKey,
-- tts4VoiceCloneKey), never read back through the API.
ALTER TABLE agents
    ADD COLUMN settings jsonb NOT NULL DEFAULT '{}'::jsonb,
    ADD COLUMN secrets  jsonb NOT NULL DEFAULT '{}'::jsonb;
