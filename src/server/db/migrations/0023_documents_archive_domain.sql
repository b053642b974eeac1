-- The documents archive (issue 12): one row per document deposited into a safe, whoever deposited
-- it (a campaign's dispatch, a sealed signbook, an upload), with its file's name, size and SHA-256
-- copied from the stored file at deposit, where it came from and who put it there, and a French
-- full-text search vector over its description, keywords, metadata values and employee's names.
ALTER TABLE __SCHEMA__.documents
  ADD COLUMN sha256       text,
  ADD COLUMN size         integer,
  ADD COLUMN file_name    text,
  ADD COLUMN source       text NOT NULL DEFAULT 'upload' CHECK (source IN ('campaign', 'signbook', 'upload')),
  ADD COLUMN source_id    uuid,
  ADD COLUMN deposited_by uuid,
  ADD COLUMN page_count   integer,
  ADD COLUMN search       tsvector NOT NULL DEFAULT ''::tsvector;

-- Accents are folded on both sides (here and in the query, src/server/modules/documents/search.ts):
-- « Hélène » and « Helene » find each other; the French configuration then stems (« salaires » →
-- « salair »). Employee names live in the employees table, so the vector is filled by a trigger at
-- insert and whenever the searched columns change — and when an employee is renamed (below).
CREATE FUNCTION __SCHEMA__.fold_accents(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT translate(lower(value), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa')
$$;

CREATE FUNCTION __SCHEMA__.documents_fill() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  f record;
  person text;
BEGIN
  IF NEW.file_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.file_id IS DISTINCT FROM OLD.file_id OR NEW.sha256 IS NULL) THEN
    SELECT sha256, size, name INTO f FROM __SCHEMA__.files WHERE id = NEW.file_id;
    IF FOUND THEN
      NEW.sha256 := f.sha256;
      NEW.size := f.size;
      NEW.file_name := coalesce(NEW.file_name, f.name);
    END IF;
  END IF;
  SELECT concat_ws(' ', e.first_name, e.name) INTO person FROM __SCHEMA__.employees e WHERE e.id = NEW.employee_id;
  NEW.search := to_tsvector('french', __SCHEMA__.fold_accents(concat_ws(' ',
    NEW.description,
    array_to_string(NEW.keywords, ' '),
    (SELECT string_agg(m ->> 'value', ' ')
       FROM jsonb_array_elements(CASE WHEN jsonb_typeof(NEW.meta_datas) = 'array' THEN NEW.meta_datas ELSE '[]'::jsonb END) m
      WHERE jsonb_typeof(m) = 'object'),
    person)));
  RETURN NEW;
END $$;

CREATE TRIGGER documents_fill BEFORE INSERT OR UPDATE OF description, keywords, meta_datas, employee_id, file_id
  ON __SCHEMA__.documents FOR EACH ROW EXECUTE FUNCTION __SCHEMA__.documents_fill();

CREATE FUNCTION __SCHEMA__.documents_employee_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.first_name IS DISTINCT FROM OLD.first_name THEN
    UPDATE __SCHEMA__.documents SET employee_id = employee_id WHERE employee_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER documents_employee_renamed AFTER UPDATE OF name, first_name ON __SCHEMA__.employees
  FOR EACH ROW EXECUTE FUNCTION __SCHEMA__.documents_employee_renamed();

-- Backfill: where each existing document came from (a campaign's dispatched document points to it;
-- a signbook's deposit names it in its metadata), then its file's figures and its search vector.
UPDATE __SCHEMA__.documents d
   SET source = 'campaign', source_id = c.id, deposited_by = c.created_by
  FROM __SCHEMA__.dispatched_docs dd JOIN __SCHEMA__.campaigns c ON c.id = dd.campaign_id
 WHERE dd.document_id = d.id;
UPDATE __SCHEMA__.documents d
   SET source = 'signbook', source_id = b.id, deposited_by = b.created_by
  FROM __SCHEMA__.signbooks b
 WHERE d.source = 'upload'
   AND (d.meta_datas @> jsonb_build_array(jsonb_build_object('key', 'signbookId', 'value', b.id::text))
        OR d.meta_datas @> jsonb_build_array(jsonb_build_object('name', 'signbookId', 'value', b.id::text)));
UPDATE __SCHEMA__.documents SET file_id = file_id;

CREATE INDEX documents_search ON __SCHEMA__.documents USING gin (search);
CREATE INDEX documents_source ON __SCHEMA__.documents (source, source_id);
