-- Push across nodes (issue 17; README « How it scales »). The socket.io PostgreSQL adapter relays a
-- broadcast between nodes with NOTIFY; a packet over NOTIFY's 8,000-byte limit (a full campaign with
-- its counts, a badge set) is stored here and only its id is notified. Each node deletes rows older than
-- the adapter's cleanup interval (30 s), so the table stays tiny. Unused on PGlite (one process).
CREATE TABLE directory.push_attachments (
  id          bigserial UNIQUE,
  created_at  timestamptz DEFAULT now(),
  payload     bytea
);
