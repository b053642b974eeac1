-- Signbooks (issue 4): sealing results, template documents, hashed one-time signature codes and
-- the signing material (code HMAC secret, sealing certificate) created on first use per domain.
ALTER TABLE __SCHEMA__.signbooks
  ADD COLUMN sha256_before text,
  ADD COLUMN sha256_after  text,
  ADD COLUMN sealed_at     timestamptz,
  ADD COLUMN seal_error    text,
  ADD COLUMN updated_at    timestamptz NOT NULL DEFAULT now();

-- access_token_hash: SHA-256 of the signing link sent to a signatory without an account (guest).
ALTER TABLE __SCHEMA__.signatories
  ADD COLUMN code_channel      text,
  ADD COLUMN position          integer NOT NULL DEFAULT 0,
  ADD COLUMN access_token_hash text;
CREATE UNIQUE INDEX signatories_access_token ON __SCHEMA__.signatories (access_token_hash)
  WHERE access_token_hash IS NOT NULL;

ALTER TABLE __SCHEMA__.sign_templates
  ADD COLUMN documents  jsonb NOT NULL DEFAULT '[]',  -- [{id (files.id), name, typeCode}]
  ADD COLUMN created_by uuid;

-- One pending code per signatory (a new request replaces it). Never the code itself: an HMAC-SHA-256
-- of it under the domain's secret and a per-code salt.
CREATE TABLE __SCHEMA__.signature_codes (
  signatory_id uuid PRIMARY KEY REFERENCES __SCHEMA__.signatories(id) ON DELETE CASCADE,
  signbook_id  uuid NOT NULL REFERENCES __SCHEMA__.signbooks(id) ON DELETE CASCADE,
  channel      text NOT NULL CHECK (channel IN ('email', 'sms', 'voicemail')),
  destination  text NOT NULL,
  salt         text NOT NULL,
  code_hash    text NOT NULL,
  expires_at   timestamptz NOT NULL,
  tries        integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  -- Code requests in the current hour (a new code resets the tries, so requests are limited too).
  requests          integer NOT NULL DEFAULT 1,
  window_started_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE __SCHEMA__.signing_material (
  name       text PRIMARY KEY,           -- 'code-secret' | 'seal-p12'
  value      bytea NOT NULL,
  secret     text,                        -- the P12 passphrase
  created_at timestamptz NOT NULL DEFAULT now()
);
