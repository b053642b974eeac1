-- Stored files' bytes may live outside the table (src/server/files/store.ts): in a directory
-- (FILES_DIR, or DATA_DIR/files on PGlite), packed — one pack file per insert, the row naming its pack
-- and offset — and `content` NULL. Rows written before keep their content and are still read from it.
ALTER TABLE __SCHEMA__.files ALTER COLUMN content DROP NOT NULL;
ALTER TABLE __SCHEMA__.files ADD COLUMN pack text;
ALTER TABLE __SCHEMA__.files ADD COLUMN pack_offset bigint;
ALTER TABLE __SCHEMA__.files ADD CONSTRAINT files_bytes_somewhere
  CHECK ((content IS NOT NULL AND pack IS NULL) OR (content IS NULL AND pack IS NOT NULL AND pack_offset >= 0));
-- The sweep asks which packs are still named.
CREATE INDEX files_pack ON __SCHEMA__.files (pack) WHERE pack IS NOT NULL;
