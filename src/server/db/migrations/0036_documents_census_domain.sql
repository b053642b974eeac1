-- How many documents each organisation holds per document type, kept exact by statement-level
-- triggers (issue 12 « Speed »). The list's capped total (« plus de 1 000 ») scanned documents until
-- 1,001 visible ones were found: where the user's access rules select a few organisations' payslips,
-- that scan read 7,000 to 63,000 rows depending on where PostgreSQL's synchronised sequential scans
-- started, the tail of the first page's time. An access-rule arm made of document types and
-- organisations only is a sum of these cells, so when one arm alone holds more than the cap the
-- total is known to be above it without reading a document (src/server/modules/documents/census.ts).
CREATE TABLE __SCHEMA__.documents_census (
  organization_id uuid NOT NULL,
  type_code       text NOT NULL,
  n               bigint NOT NULL,
  PRIMARY KEY (organization_id, type_code)
);

INSERT INTO __SCHEMA__.documents_census (organization_id, type_code, n)
SELECT organization_id, type_code, count(*) FROM __SCHEMA__.documents GROUP BY organization_id, type_code;

-- One statement adds its rows' counts (cells in a fixed order: two concurrent deposits take the
-- cells' row locks in the same order and cannot deadlock on them).
CREATE FUNCTION __SCHEMA__.documents_census_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO __SCHEMA__.documents_census AS c (organization_id, type_code, n)
  SELECT organization_id, type_code, count(*) FROM added GROUP BY organization_id, type_code
   ORDER BY organization_id, type_code
  ON CONFLICT (organization_id, type_code) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;

CREATE FUNCTION __SCHEMA__.documents_census_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE __SCHEMA__.documents_census c SET n = c.n - r.n
    FROM (SELECT organization_id, type_code, count(*) AS n FROM removed GROUP BY organization_id, type_code) r
   WHERE c.organization_id = r.organization_id AND c.type_code = r.type_code;
  RETURN NULL;
END $$;

-- Documents keep their organisation and type (reading one, or its page count, changes neither); should
-- one ever change, its cells follow. Row by row, and only then: a statement trigger on every update
-- would lock a cell for each document read.
CREATE FUNCTION __SCHEMA__.documents_census_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE __SCHEMA__.documents_census SET n = n - 1
   WHERE organization_id = OLD.organization_id AND type_code = OLD.type_code;
  INSERT INTO __SCHEMA__.documents_census AS c (organization_id, type_code, n)
  VALUES (NEW.organization_id, NEW.type_code, 1)
  ON CONFLICT (organization_id, type_code) DO UPDATE SET n = c.n + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER documents_census_insert AFTER INSERT ON __SCHEMA__.documents
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION __SCHEMA__.documents_census_add();
CREATE TRIGGER documents_census_delete AFTER DELETE ON __SCHEMA__.documents
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION __SCHEMA__.documents_census_remove();
CREATE TRIGGER documents_census_update AFTER UPDATE OF organization_id, type_code ON __SCHEMA__.documents
  FOR EACH ROW WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id OR OLD.type_code IS DISTINCT FROM NEW.type_code)
  EXECUTE FUNCTION __SCHEMA__.documents_census_move();
