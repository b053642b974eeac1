-- Which days hold documents carrying each word of the search vector (issue 12 « Speed »; docs/
-- operations.md « Documents archive »). A broad search (« bulletin 2024 »: 40 % of a million
-- documents, all deposited a year and more ago) asked for newest first walked the deposit index
-- through every newer document first (1.3 s), and the full-text index cannot give its matches in
-- deposit order (it returned all 400,000, which were then sorted). With this table the list knows,
-- from a few index entries, the days where every word of the search occurs, newest first, and walks
-- those days only (src/server/modules/documents/broad-search.ts).
--
-- A superset, never a subset: a word is added when a document carrying it is deposited (or its
-- vector changes) and never removed, so a day listed may hold no match (it is then walked for
-- nothing), but a day holding a match is always listed. Days are UTC days. Its size is about the
-- number of (word, document) pairs of the rare words — a name occurs on the days its documents were
-- deposited, whatever the granularity — plus one row a day for each common word.
CREATE TABLE __SCHEMA__.search_days (
  lexeme text COLLATE "C" NOT NULL,
  day    date NOT NULL,
  PRIMARY KEY (lexeme, day)
);

CREATE FUNCTION __SCHEMA__.search_day_of(moment timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (moment AT TIME ZONE 'UTC')::date
$$;

CREATE FUNCTION __SCHEMA__.documents_search_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO __SCHEMA__.search_days (lexeme, day)
  SELECT w, __SCHEMA__.search_day_of(NEW.deposited_at) FROM unnest(tsvector_to_array(NEW.search)) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER documents_search_days_insert AFTER INSERT ON __SCHEMA__.documents
  FOR EACH ROW EXECUTE FUNCTION __SCHEMA__.documents_search_days();
CREATE TRIGGER documents_search_days_update AFTER UPDATE ON __SCHEMA__.documents
  FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.deposited_at IS DISTINCT FROM NEW.deposited_at)
  EXECUTE FUNCTION __SCHEMA__.documents_search_days();

INSERT INTO __SCHEMA__.search_days (lexeme, day)
SELECT DISTINCT w, __SCHEMA__.search_day_of(d.deposited_at)
  FROM __SCHEMA__.documents d, unnest(tsvector_to_array(d.search)) w
ON CONFLICT DO NOTHING;
