-- How many documents each campaign holds in each status, kept exact by statement-level triggers.
-- The campaigns list (and a campaign's sheet, and the HR desk's chart) counted each campaign's
-- documents by status on every call: an index-only scan of dispatched_docs (campaign_id, status) that
-- costs nothing in the demo but, for a page of 20 campaigns of 50,000 documents each, 94-96 ms of
-- PostgreSQL per call — and the list is read again at every push an operator following campaigns gets.
-- Reading these cells costs a few index probes per campaign, whatever its size.
--
-- No foreign key to campaigns: deleting a campaign deletes its documents by cascade, and their
-- trigger then takes its cells down to zero and removes them; a key would have the cascade race the
-- trigger for the same cells.
LOCK TABLE __SCHEMA__.dispatched_docs IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE __SCHEMA__.campaign_doc_counts (
  campaign_id uuid NOT NULL,
  status      text NOT NULL,
  n           integer NOT NULL,
  PRIMARY KEY (campaign_id, status)
);

INSERT INTO __SCHEMA__.campaign_doc_counts (campaign_id, status, n)
SELECT campaign_id, status, count(*) FROM __SCHEMA__.dispatched_docs GROUP BY campaign_id, status;

-- One statement adds what its rows changed, cell by cell (readers skip cells at zero): a cell no row
-- entered or left is not touched (no lock taken for an update that kept the status, such as a postal record written). Cells
-- are written in a fixed order, so two concurrent statements take their row locks in the same order.
CREATE FUNCTION __SCHEMA__.campaign_doc_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO __SCHEMA__.campaign_doc_counts AS c (campaign_id, status, n)
    SELECT campaign_id, status, count(*) FROM added GROUP BY campaign_id, status
     ORDER BY campaign_id, status
    ON CONFLICT (campaign_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO __SCHEMA__.campaign_doc_counts AS c (campaign_id, status, n)
    SELECT campaign_id, status, sum(d) FROM (
        SELECT campaign_id, status, 1 AS d FROM added
        UNION ALL
        SELECT campaign_id, status, -1 AS d FROM removed
      ) x
     GROUP BY campaign_id, status HAVING sum(d) <> 0
     ORDER BY campaign_id, status
    ON CONFLICT (campaign_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    UPDATE __SCHEMA__.campaign_doc_counts c SET n = c.n - r.n
      FROM (SELECT campaign_id, status, count(*) AS n FROM removed GROUP BY campaign_id, status
             ORDER BY campaign_id, status) r
     WHERE c.campaign_id = r.campaign_id AND c.status = r.status;
    -- Cells left at zero (by this statement or by earlier moves) go with the documents: a deleted
    -- campaign leaves none. A move leaves its emptied cell at zero rather than spend a statement on it.
    DELETE FROM __SCHEMA__.campaign_doc_counts c
     WHERE c.n = 0 AND c.campaign_id IN (SELECT DISTINCT campaign_id FROM removed);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER campaign_doc_counts_insert AFTER INSERT ON __SCHEMA__.dispatched_docs
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION __SCHEMA__.campaign_doc_counts_apply();
CREATE TRIGGER campaign_doc_counts_update AFTER UPDATE ON __SCHEMA__.dispatched_docs
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION __SCHEMA__.campaign_doc_counts_apply();
CREATE TRIGGER campaign_doc_counts_delete AFTER DELETE ON __SCHEMA__.dispatched_docs
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION __SCHEMA__.campaign_doc_counts_apply();
