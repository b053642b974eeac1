-- Login protection (issue 10, points 2, 3 and 5; docs: SECURITY.md).
-- Trusted devices (OWASP "device cookies"): a browser that logged in to an account receives a random
-- token (only its SHA-256 is stored). Attempts carrying it are counted on the device, not on the
-- account, and are never refused for the address they come from: five strangers' failures do not
-- lock the owner out of their usual browser.
CREATE TABLE directory.trusted_devices (
  token_hash     text PRIMARY KEY,
  user_id        uuid NOT NULL REFERENCES directory.users(id) ON DELETE CASCADE,
  failed_logins  integer NOT NULL DEFAULT 0,
  blocked_until  timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_used_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trusted_devices_user ON directory.trusted_devices (user_id, last_used_at DESC);

-- One-time links mailed to an account's owner when the account gets blocked: the way back in that
-- an attacker cannot use.
CREATE TABLE directory.unlock_tokens (
  token_hash  text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES directory.users(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Attempt budgets of other guessable actions (old password on change, reset requests): one row per
-- attempt under a key, counted over a sliding window.
CREATE TABLE directory.attempts (
  id     bigserial PRIMARY KEY,
  key    text NOT NULL,
  at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attempts_key_at ON directory.attempts (key, at);
CREATE INDEX login_attempts_login_at ON directory.login_attempts (login, at);
