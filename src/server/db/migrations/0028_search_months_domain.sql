-- Which months hold documents carrying each word of the search vector (issue 12 « Speed »; docs/
-- operations.md « Documents archive »). A broad search (« bulletin 2024 »: 40 % of a million
-- documents, all deposited a year and more ago) asked for newest first walked the deposit index
-- through every newer document first (1.3 s), and the full-text index cannot give its matches in
-- deposit order (it returned all 400,000, which were then sorted). With this table the list knows,
-- from a few index entries, the months where every word of the search occurs, newest first, and
-- walks those months only (src/server/modules/documents/read.service.ts).
--
-- A superset, never a subset: a word is added when a document carrying it is deposited (or its
-- vector changes) and never removed, so a month listed may hold no match (it is then walked for
-- nothing), but a month holding a match is always listed. Months are UTC calendar months.
CREATE TABLE __SCHEMA__.search_months (
  lexeme text COLLATE "C" NOT NULL,
  month  date NOT NULL,
  PRIMARY KEY (lexeme, month)
);

CREATE FUNCTION __SCHEMA__.search_month_of(moment timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('month', moment AT TIME ZONE 'UTC')::date
$$;

CREATE FUNCTION __SCHEMA__.documents_search_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO __SCHEMA__.search_months (lexeme, month)
  SELECT w, __SCHEMA__.search_month_of(NEW.deposited_at) FROM unnest(tsvector_to_array(NEW.search)) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER documents_search_months_insert AFTER INSERT ON __SCHEMA__.documents
  FOR EACH ROW EXECUTE FUNCTION __SCHEMA__.documents_search_months();
CREATE TRIGGER documents_search_months_update AFTER UPDATE ON __SCHEMA__.documents
  FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.deposited_at IS DISTINCT FROM NEW.deposited_at)
  EXECUTE FUNCTION __SCHEMA__.documents_search_months();

INSERT INTO __SCHEMA__.search_months (lexeme, month)
SELECT DISTINCT w, __SCHEMA__.search_month_of(d.deposited_at)
  FROM __SCHEMA__.documents d, unnest(tsvector_to_array(d.search)) w
ON CONFLICT DO NOTHING;
