-- Who each outgoing message is for, so the demo outbox shows a message only to its own recipient:
-- a user (their session reads it) and/or a signatory of a signbook (their signing link reads it).
-- Messages recorded before this migration name nobody and are shown to no one.
ALTER TABLE directory.outbox
  ADD COLUMN user_id          uuid,
  ADD COLUMN signatory_domain text CHECK (signatory_domain IN ('legacy', 'main')),
  ADD COLUMN signatory_id     uuid;
CREATE INDEX outbox_user ON directory.outbox (user_id, created_at DESC) WHERE user_id IS NOT NULL;
CREATE INDEX outbox_signatory ON directory.outbox (signatory_id, created_at DESC) WHERE signatory_id IS NOT NULL;
