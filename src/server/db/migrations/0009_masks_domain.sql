-- One mask per organisation and document type (issue 3): `POST mask` replaces the previous one in
-- the same transaction; the index makes a concurrent double creation fail rather than keep two.
CREATE UNIQUE INDEX masks_org_doc_type ON __SCHEMA__.masks (org_id, doc_type);
