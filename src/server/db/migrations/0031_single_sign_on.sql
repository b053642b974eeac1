-- Single sign-on (issue 16; docs/architecture.md « Single sign-on »).
-- An OpenID Connect login in flight: the `state` sent to the provider (only its SHA-256 is kept),
-- with the nonce and the PKCE verifier it must come back with. Single use (`used_at`) and short-lived.
CREATE TABLE directory.sso_requests (
  state_hash     text PRIMARY KEY,
  nonce          text NOT NULL,
  code_verifier  text NOT NULL,
  -- SHA-256 of the httpOnly cookie handed to the browser that started the login: only it can complete it.
  browser_hash   text NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sso_requests_expiry ON directory.sso_requests (expires_at);

-- The provider's subject of a linked account, recorded at its first single sign-on: later logins match it.
ALTER TABLE directory.users ADD COLUMN oidc_subject text;
CREATE UNIQUE INDEX users_oidc_subject ON directory.users (oidc_subject) WHERE oidc_subject IS NOT NULL;

-- How a session was opened, and what ending it at the provider needs (RP-initiated logout).
ALTER TABLE directory.sessions ADD COLUMN sso_kind text CHECK (sso_kind IN ('oidc', 'cas', 'edoc'));
ALTER TABLE directory.sessions ADD COLUMN sso_id_token text;

-- Identifiers (`jti`) of the safe portal's tokens already used, and CAS tickets already presented:
-- each is accepted once. Kept until the token could no longer be valid anyway.
CREATE TABLE directory.sso_used_ids (
  id          text PRIMARY KEY,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz NOT NULL DEFAULT now()
);
