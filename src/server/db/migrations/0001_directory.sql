-- Shared user directory (seed: "the user directory is shared"). Runs once, in schema "directory".
-- Written for PostgreSQL 15 and PGlite (PostgreSQL 18): no features newer than 15.

CREATE TABLE directory.users (
  id              uuid PRIMARY KEY,
  login           text NOT NULL UNIQUE,
  first_name      text NOT NULL,
  last_name       text NOT NULL,
  email           text,
  password_hash   text NOT NULL,            -- scrypt$N$r$p$salt$hash (memory-hard)
  features        text[] NOT NULL DEFAULT '{}',
  is_free_trial   boolean NOT NULL DEFAULT false,
  signature_v3    boolean NOT NULL DEFAULT false,
  linked_to_microsoft boolean NOT NULL DEFAULT false,
  locale          text NOT NULL DEFAULT 'fr',
  failed_logins   integer NOT NULL DEFAULT 0,
  blocked_until   timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_lower ON directory.users (lower(email)) WHERE email IS NOT NULL;

-- Root and visible organisations of a user, per domain. include_children = the "default access"
-- that also covers child organisations created later.
CREATE TABLE directory.user_org_access (
  user_id          uuid NOT NULL REFERENCES directory.users(id) ON DELETE CASCADE,
  domain           text NOT NULL CHECK (domain IN ('legacy', 'main')),
  org_id           uuid NOT NULL,
  is_root          boolean NOT NULL DEFAULT false,
  include_children boolean NOT NULL DEFAULT true,
  PRIMARY KEY (user_id, domain, org_id)
);

CREATE TABLE directory.user_groups (
  id        uuid PRIMARY KEY,
  name      text NOT NULL UNIQUE,
  features  text[] NOT NULL DEFAULT '{}'
);
CREATE TABLE directory.user_group_members (
  group_id  uuid NOT NULL REFERENCES directory.user_groups(id) ON DELETE CASCADE,
  user_id   uuid NOT NULL REFERENCES directory.users(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
);

-- Access rules (seed 000 §3 "Rule"): restrict which documents a user group sees.
CREATE TABLE directory.access_rules (
  id              uuid PRIMARY KEY,
  name            text NOT NULL,
  user_group_id   uuid REFERENCES directory.user_groups(id) ON DELETE RESTRICT,
  features        text[] NOT NULL DEFAULT '{}',
  criteria        jsonb NOT NULL DEFAULT '{}'
);

-- A login session. Tokens are opaque random values; only their SHA-256 is stored.
CREATE TABLE directory.sessions (
  id               uuid PRIMARY KEY,
  user_id          uuid NOT NULL REFERENCES directory.users(id) ON DELETE CASCADE,
  domain           text NOT NULL CHECK (domain IN ('legacy', 'main')),
  base_org_id      uuid NOT NULL,
  current_org_id   uuid NOT NULL,
  access_hash      text NOT NULL UNIQUE,
  access_expires_at timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  last_seen_at     timestamptz NOT NULL DEFAULT now(),
  revoked_at       timestamptz,
  revoked_reason   text
);
CREATE INDEX sessions_user ON directory.sessions (user_id);

-- Refresh tokens rotate: each use marks the row used and issues a new one; presenting a used
-- token again revokes the whole session (reuse detection).
CREATE TABLE directory.refresh_tokens (
  token_hash   text PRIMARY KEY,
  session_id   uuid NOT NULL REFERENCES directory.sessions(id) ON DELETE CASCADE,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_session ON directory.refresh_tokens (session_id);

CREATE TABLE directory.password_reset_tokens (
  token_hash  text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES directory.users(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Outgoing e-mail, SMS and voice messages. Always recorded; sent by SMTP / provider when
-- configured, else readable in the app (demo outbox).
CREATE TABLE directory.outbox (
  id          uuid PRIMARY KEY,
  channel     text NOT NULL CHECK (channel IN ('email', 'sms', 'voicemail')),
  recipient   text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  sent_at     timestamptz,
  error       text
);

-- Login attempts per identifier and source address, for rate limiting beyond the account block.
CREATE TABLE directory.login_attempts (
  id          bigserial PRIMARY KEY,
  login       text NOT NULL,
  ip          text NOT NULL,
  success     boolean NOT NULL,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_ip_at ON directory.login_attempts (ip, at);
