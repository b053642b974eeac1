-- Campaign creation and splitting (issue 3). A campaign is created from one or more uploaded PDFs
-- (its sources), each with its own document type; the split job reads each source through the
-- mask of its type and records the pages it could not attribute. Manual campaigns keep the chosen
-- employees and groups, expanded once by the split job into one document per recipient and file.
CREATE TABLE __SCHEMA__.campaign_sources (
  id             uuid PRIMARY KEY,
  campaign_id    uuid NOT NULL REFERENCES __SCHEMA__.campaigns(id) ON DELETE CASCADE,
  position       integer NOT NULL,
  name           text NOT NULL,
  doc_type_code  text NOT NULL REFERENCES __SCHEMA__.doc_types(code),
  file_id        uuid NOT NULL REFERENCES __SCHEMA__.files(id),
  pages          integer NOT NULL DEFAULT 0,
  split_done     boolean NOT NULL DEFAULT false,
  UNIQUE (campaign_id, position)
);

ALTER TABLE __SCHEMA__.campaigns
  ADD COLUMN emp_ids     uuid[] NOT NULL DEFAULT '{}',
  ADD COLUMN group_ids   uuid[] NOT NULL DEFAULT '{}',
  ADD COLUMN doc_ids     uuid[] NOT NULL DEFAULT '{}',
  ADD COLUMN split_error text;

-- Pages of a source where the mask found nobody (1-based), with what it read there.
CREATE TABLE __SCHEMA__.campaign_ignored_pages (
  campaign_id  uuid NOT NULL REFERENCES __SCHEMA__.campaigns(id) ON DELETE CASCADE,
  source_id    uuid NOT NULL REFERENCES __SCHEMA__.campaign_sources(id) ON DELETE CASCADE,
  page         integer NOT NULL,
  read_text    text NOT NULL DEFAULT '',
  PRIMARY KEY (source_id, page)
);
CREATE INDEX campaign_ignored_pages_campaign ON __SCHEMA__.campaign_ignored_pages (campaign_id);

ALTER TABLE __SCHEMA__.dispatched_docs
  ADD COLUMN source_id  uuid REFERENCES __SCHEMA__.campaign_sources(id) ON DELETE SET NULL,
  ADD COLUMN identifier text;

-- Sample PDFs a mask was drawn on (`POST mask` parts pdf-N), kept so the editor can reopen them.
CREATE TABLE __SCHEMA__.mask_samples (
  mask_id   uuid NOT NULL REFERENCES __SCHEMA__.masks(id) ON DELETE CASCADE,
  position  integer NOT NULL,
  file_id   uuid NOT NULL REFERENCES __SCHEMA__.files(id),
  PRIMARY KEY (mask_id, position)
);
