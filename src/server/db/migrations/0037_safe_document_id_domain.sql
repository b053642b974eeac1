-- A deposit made through a remote personal safe (SAFE_URL) keeps the safe's own id for the
-- document, so support can find it on the safe's side; NULL for the embedded safe's deposits.
ALTER TABLE __SCHEMA__.documents ADD COLUMN safe_document_id text;
